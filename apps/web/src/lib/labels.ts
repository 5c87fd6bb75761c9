export { platformName } from '@preffy/domain';

/**
 * An ISO country code by its name in the user's language ('US' → 'United States', 'Vereinigte
 * Staaten'); `unknown` for '' (posts whose country no provider told us); anything that is not
 * a region code as stored, so a bad value still shows rather than breaking the page.
 */
export function countryName(code: string, language: string, unknown: string): string {
  const trimmed = code.trim();
  if (!trimmed) return unknown;
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}
