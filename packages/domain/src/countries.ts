/** The six continents a competition can allow (the spec's default list), plus Antarctica. */
export const CONTINENTS = ['North America', 'South America', 'Asia', 'Oceania', 'Europe', 'Africa'] as const;
export type Continent = (typeof CONTINENTS)[number] | 'Antarctica';
export const DEFAULT_CONTINENTS: readonly Continent[] = CONTINENTS;

// ISO 3166-1 alpha-2 codes by continent (all 249 assigned codes). Transcontinental countries
// are placed where the legacy table and most data providers put them (RU, TR, CY: Europe/Asia
// as below; EG: Africa; PA: North America).
const byContinent: Record<Continent, string> = {
  Africa:
    'DZ AO BJ BW BF BI CV CM CF TD KM CG CD CI DJ EG GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW IO TF',
  Asia: 'AF AM AZ BH BD BT BN KH CN CY GE HK IN ID IR IQ IL JP JO KZ KW KG LA LB MO MY MV MN MM NP KP OM PK PS PH QA SA SG KR LK SY TW TJ TH TL TR TM AE UZ VN YE CC CX',
  Europe:
    'AX AL AD AT BY BE BA BG HR CZ DK EE FO FI FR DE GI GR GG VA HU IS IE IM IT JE XK LV LI LT LU MT MD MC ME NL MK NO PL PT RO RU SM RS SK SI ES SJ SE CH UA GB',
  'North America':
    'AI AG AW BS BB BZ BM BQ VG CA KY CR CU CW DM DO SV GL GD GP GT HT HN JM MQ MX MS NI PA PR BL KN LC MF PM VC SX TT TC US VI UM',
  'South America': 'AR BO BR CL CO EC FK GF GY PY PE SR UY VE GS BV',
  Oceania: 'AS AU CK FJ PF GU HM KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV VU WF',
  Antarctica: 'AQ',
};

/** Country code (upper case) → continent. */
export const COUNTRY_CONTINENTS: Readonly<Record<string, Continent>> = Object.fromEntries(
  Object.entries(byContinent).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent as Continent]),
  ),
);

export function continentOf(countryCode: string): Continent | undefined {
  return COUNTRY_CONTINENTS[countryCode.trim().toUpperCase()];
}

/**
 * Whether a post from `countryCode` may enter: allowed when the country is listed, or its
 * continent is. A competition that lists neither countries nor continents allows everyone.
 */
export function isCountryAllowed(
  countryCode: string,
  competition: { countries?: readonly string[] | null; continents?: readonly string[] | null },
): boolean {
  const countries = (competition.countries ?? []).map((c) => c.trim().toUpperCase());
  const continents = competition.continents ?? [];
  if (countries.length === 0 && continents.length === 0) return true;
  const code = countryCode.trim().toUpperCase();
  if (countries.includes(code)) return true;
  const continent = continentOf(code);
  return continent !== undefined && continents.includes(continent);
}
