import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that the zod route schemas turn into. */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** Real values a valid request would carry: the baseline that one corrupted value is put into. */
export type ExampleContext = { competitionId: string; version: number; startMs: number; day: string };

const DAY_MS = 24 * 3600_000;
export const SCRIPT = '<script>alert(1)</script>';
/** No field of this app takes 200,000 characters: a huge string must be refused even where the schema has no bound. */
const HUGE_LENGTH = 200_000;
/** No text input holds a NUL character, and PostgreSQL cannot store one: refused everywhere. */
const NUL_TEXT = 'fuzz\u0000fuzz';
/** Lone surrogates, high and low (sent as JSON escapes): not text, refused everywhere. */
const UNPAIRED_SURROGATES = ['fuzz\ud800', '\udc00fuzz'];
/**
 * Hidden fields only bots fill: any value there is answered like a success and nothing is stored,
 * so that bots learn nothing. Only values their schema refuses are invalid there.
 */
const HONEYPOTS = ['website'];
/** Two thousand levels deep: parsers and validators must not recurse themselves to death. */
const nested = (depth: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = SCRIPT;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};
const DEEP_OBJECT = nested(2_000, (inner) => ({ a: inner }));
const DEEP_ARRAY = nested(2_000, (inner) => [inner]);

/** Values that are not dates at all (past the end of JavaScript's Date range, or year 10000). */
const DATE_HAZARDS = [8_640_000_000_000_001, Number.MAX_SAFE_INTEGER, 253_402_300_800_000];
/** Strings that name no day the calendar can hold. */
const DAY_HAZARDS = [
  '9999-12-31',
  '2024-02-30',
  '2023-13-01',
  '0000-00-00',
  '+275760-09-13',
  'not-a-day',
  SCRIPT,
];

/** A value every validator of the schema accepts, chosen by the property's name where the type alone says too little. */
export function exampleOf(schema: JsonSchema, name: string, ctx: ExampleContext): unknown {
  if (schema.anyOf) return exampleOf(schema.anyOf[0]!, name, ctx);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, exampleOf(schema.properties?.[key] ?? {}, key, ctx)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}, name, ctx));
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return exampleNumber(schema, name, ctx);
    case 'string':
      return exampleString(schema, name, ctx);
    default:
      return null;
  }
}

function exampleNumber(schema: JsonSchema, name: string, ctx: ExampleContext) {
  if (name === 'version') return ctx.version;
  if (/date$/i.test(name)) return name === 'endDate' ? ctx.startMs + 7 * DAY_MS : ctx.startMs;
  const low = (schema.minimum ?? 0) + (schema.exclusiveMinimum === true ? 1 : 0);
  return Math.min(Math.max(low, 100), schema.maximum ?? Infinity);
}

const STRING_HINTS: [RegExp, (ctx: ExampleContext) => string][] = [
  [/email/i, () => 'fuzz@preffy.test'],
  [/^day$/, (ctx) => ctx.day],
  [/competitionId/, (ctx) => ctx.competitionId],
  [/link$/i, () => 'https://www.tiktok.com/@fuzz/video/7300000000099999999'],
  [/password/i, () => 'fuzz-password-123'],
  [/token/i, () => 'f'.repeat(32)],
  [
    /^csv$/,
    () =>
      'link,email,creator,platform\nhttps://www.tiktok.com/@fuzz/video/7300000000099999998,fuzz@preffy.test,fuzz,tiktok',
  ],
];

function exampleString(schema: JsonSchema, name: string, ctx: ExampleContext) {
  const hinted = STRING_HINTS.find(([pattern]) => pattern.test(name))?.[1](ctx);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const candidates = [hinted, 'fuzz'.padEnd(schema.minLength ?? 0, 'z'), 'https://example.com/fuzz'];
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Infinity) &&
    (!pattern || pattern.test(s));
  const found = candidates.find((s): s is string => s !== undefined && fits(s));
  if (found) return found;
  if (pattern) return fc.sample(fc.stringMatching(pattern).filter(fits), { numRuns: 1, seed: 1 })[0]!;
  throw new Error(`No example for the string property "${name}": add a hint`);
}

/** The JSON kinds a schema allows ('integer' counts as 'number'; 1.5 is tried on its own). */
function allowedKinds(schema: JsonSchema): Set<string> {
  const kinds = new Set<string>();
  for (const variant of schema.anyOf ?? [schema]) {
    if (variant.type === 'integer') kinds.add('number');
    else if (variant.type) kinds.add(variant.type);
    if (variant.nullable) kinds.add('null');
  }
  if (schema.nullable) kinds.add('null');
  return kinds;
}

const VALUES_OF_KIND: Record<string, unknown[]> = {
  string: ['fuzz', SCRIPT, ''],
  number: [42, -1.5, 0],
  boolean: [true, false],
  object: [{}, { [SCRIPT]: SCRIPT }, DEEP_OBJECT],
  array: [[], [SCRIPT], DEEP_ARRAY],
  null: [null],
};

/** Values of every JSON kind the schema does not allow. */
function wrongKinds(schema: JsonSchema): unknown[] {
  const allowed = allowedKinds(schema);
  if (allowed.size === 0) return []; // an unconstrained schema: every value is valid
  return Object.entries(VALUES_OF_KIND)
    .filter(([kind]) => !allowed.has(kind))
    .flatMap(([, values]) => values);
}

/**
 * Values the property must refuse: wrong kinds, out of its bounds, outside its enum or pattern,
 * and a few that no field of this app may take whatever its schema says (a 200,000-character
 * string, 1e308, a "date" past the end of time). Undefined when nothing about it can be wrong.
 */
export function invalidValue(
  schema: JsonSchema,
  name: string,
  ctx: ExampleContext,
): fc.Arbitrary<unknown> | undefined {
  if (schema.anyOf) return invalidAnyOf(schema, name, ctx);
  const fixed = [...wrongKinds(schema), ...invalidForType(schema, name)];
  const arbitraries: fc.Arbitrary<unknown>[] = fixed.length ? [fc.constantFrom(...fixed)] : [];
  if (schema.type === 'string' && (schema.enum || schema.pattern)) {
    const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
    arbitraries.push(
      fc.string({ unit: 'binary' }).filter((s) => !schema.enum?.includes(s) && !(pattern?.test(s) ?? false)),
    );
  }
  if (schema.type === 'object') arbitraries.push(invalidObject(schema, ctx));
  if (schema.type === 'array' && schema.items) {
    const item = invalidValue(schema.items, name, ctx);
    if (item) arbitraries.push(item.map((value) => [exampleOf(schema.items!, name, ctx), value]));
  }
  return arbitraries.length ? fc.oneof(...arbitraries) : undefined;
}

function invalidForType(schema: JsonSchema, name: string): unknown[] {
  switch (schema.type) {
    case 'string':
      return invalidStrings(schema, name);
    case 'integer':
    case 'number':
      return invalidNumbers(schema, name);
    case 'boolean':
      return ['true', 1, 0, 'yes'];
    case 'array':
      return invalidArrays(schema);
    default:
      return [];
  }
}

function invalidStrings(schema: JsonSchema, name: string): unknown[] {
  const values: unknown[] = [SCRIPT + 'x'.repeat(Math.max(HUGE_LENGTH, (schema.maxLength ?? 0) + 1))];
  if (!HONEYPOTS.includes(name)) values.push(NUL_TEXT, ...UNPAIRED_SURROGATES);
  if ((schema.minLength ?? 0) > 0) values.push('', 'x'.repeat(schema.minLength! - 1));
  if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const refused = (s: string) => !schema.enum?.includes(s) && !(pattern?.test(s) ?? false);
  if (schema.enum || pattern)
    values.push(...[SCRIPT, ' ', 'not valid', '\u0000', '@', 'a@b'].filter(refused));
  if (schema.enum) values.push(`${String(schema.enum[0]).toUpperCase()}!`);
  if (name === 'day') values.push(...DAY_HAZARDS);
  return values;
}

function invalidNumbers(schema: JsonSchema, name: string): unknown[] {
  const values: unknown[] = ['1', 'NaN', 'Infinity', '1e308', 1e308, Number.MAX_VALUE, -1e308];
  if (schema.minimum !== undefined)
    values.push(schema.exclusiveMinimum === true ? schema.minimum : schema.minimum - 1);
  if (schema.maximum !== undefined && schema.maximum < 1e300)
    values.push(schema.exclusiveMaximum === true ? schema.maximum : schema.maximum + 1);
  if (schema.type === 'integer') values.push(1.5, (schema.minimum ?? 0) + 0.5);
  if (/date$/i.test(name)) values.push(...DATE_HAZARDS);
  return values;
}

function invalidArrays(schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  if ((schema.minItems ?? 0) > 0) values.push([]);
  // Past maxItems, when that stays under the body limit (a 100,001-item list is a 413, tried elsewhere).
  if (schema.maxItems !== undefined && schema.maxItems <= 1_000)
    values.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  return values;
}

/** A valid example object with one thing wrong: a required property missing, or one property invalid. */
export function invalidObject(schema: JsonSchema, ctx: ExampleContext): fc.Arbitrary<unknown> {
  const example = exampleOf(schema, '', ctx) as Record<string, unknown>;
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  const required = (schema.required ?? []).filter((key) => schema.properties?.[key]?.default === undefined);
  if (required.length)
    arbitraries.push(
      fc.constantFrom(...required).map((missing) => {
        const { [missing]: _missing, ...rest } = example;
        return rest;
      }),
    );
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const value = invalidValue(property, key, ctx);
    if (value) arbitraries.push(value.map((v) => ({ ...example, [key]: v })));
  }
  arbitraries.push(fc.constantFrom(...wrongKinds(schema)));
  return fc.oneof(...arbitraries);
}

/** For a union: other kinds, and a corrupted variant when no other variant could then match it. */
function invalidAnyOf(schema: JsonSchema, name: string, ctx: ExampleContext) {
  const variants = schema.anyOf!;
  const arbitraries: fc.Arbitrary<unknown>[] = [];
  const wrong = wrongKinds(schema);
  if (wrong.length) arbitraries.push(fc.constantFrom(...wrong));
  for (const variant of variants) {
    const others = variants.filter((v) => v !== variant);
    // Safe when every other variant requires a property this one never has.
    const excludesOthers = others.every((other) =>
      (other.required ?? []).some((key) => !(key in (variant.properties ?? {}))),
    );
    if (variant.type === 'object' && excludesOthers) arbitraries.push(invalidObject(variant, ctx));
  }
  return arbitraries.length ? fc.oneof(...arbitraries) : undefined;
}

/** A whole body that cannot be right: the example with one thing wrong, or not an object at all. */
export function invalidJsonBody(schema: JsonSchema, ctx: ExampleContext): fc.Arbitrary<unknown> {
  const whole = [...wrongKinds(schema), [exampleOf(schema, '', ctx)]];
  const parts: fc.Arbitrary<unknown>[] = [fc.constantFrom(...whole)];
  if (schema.type === 'object') parts.push(invalidObject(schema, ctx));
  else if (schema.anyOf) parts.push(invalidAnyOf(schema, '', ctx) ?? fc.constant(null));
  // Weighted towards one-wrong-property bodies: those get past the parser to the deeper checks.
  return fc.oneof(
    { arbitrary: parts[0]!, weight: 1 },
    ...parts.slice(1).map((arbitrary) => ({ arbitrary, weight: 4 })),
  );
}

/** Query values a coercing integer parser still refuses (' 1', '0x1' and '1e0' would pass: they are 1). */
export function invalidQueryValue(schema: JsonSchema): fc.Arbitrary<string | string[]> {
  const values: (string | string[])[] = [
    '',
    'abc',
    SCRIPT,
    'NaN',
    'Infinity',
    '1e400',
    '9'.repeat(400),
    ['1', '2'],
  ];
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push('-1', '1.5', String((schema.minimum ?? 0) - 1), 'x'.repeat(HUGE_LENGTH));
  } else {
    if ((schema.minLength ?? 0) > 0) values.push('');
    if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
  }
  return fc.constantFrom(...values);
}

/** A body the JSON parser or the content-type check must refuse before any route code runs. */
export type RawBody = { contentType?: string; payload: string | Buffer };

const BODY_LIMIT = 1024 * 1024;
const INVALID_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'NaN',
  'undefined',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  // Not '': an empty JSON body reads as {} (app.ts), valid where no field is required.
];

export function hostileRawBody(options: { plainTextIsInvalid: boolean }): fc.Arbitrary<RawBody> {
  const wrongTypes = [
    'application/xml',
    'application/octet-stream',
    'image/png',
    'application/json; charset=utf-16',
  ];
  if (options.plainTextIsInvalid) wrongTypes.push('text/plain');
  return fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...INVALID_JSON)
        .map((payload) => ({ contentType: 'application/json', payload })),
      weight: 3,
    },
    {
      arbitrary: fc
        .record({ contentType: fc.constantFrom(...wrongTypes), payload: fc.string({ maxLength: 200 }) })
        .map(({ contentType, payload }) => ({ contentType, payload: `<a>${payload}</a>` })),
      weight: 2,
    },
    // Over the 1 MB body limit: rarer, as each one costs a megabyte.
    {
      arbitrary: fc.constant({ contentType: 'application/json', payload: `"${'x'.repeat(BODY_LIMIT)}"` }),
      weight: 1,
    },
  );
}
