/**
 * View counts for display, shortened as the language shortens them, one decimal at most:
 * '1.2K', '2.5M' and '3B' in English, '1,2 тыс.' in Russian, '1,2 mil' in Spanish. Below a
 * thousand the count is whole, and 999,950 is '1M', never '1000K'.
 */
export function abbreviateCount(n: number, language = 'en'): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
