/** A share (0.125) as a percentage in the user's language (12.5 %). */
export const formatPercent = (share: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** A business day (YYYY-MM-DD) written the user's way (31 Jan 2025). */
export const formatDayLong = (day: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
