const UNITS = [
  { value: 1e9, suffix: 'G' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/** View counts for display: K at 1e3, M at 1e6, G at 1e9, one decimal (1,234 → '1.2K'). */
export function abbreviateCount(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  for (const [i, unit] of UNITS.entries()) {
    if (abs < unit.value) continue;
    const rounded = Math.round((abs / unit.value) * 10) / 10;
    // 999,950 rounds to 1000.0K: show it as 1M instead.
    if (rounded >= 1000 && i > 0)
      return `${sign}${Math.round((abs / UNITS[i - 1]!.value) * 10) / 10}${UNITS[i - 1]!.suffix}`;
    return `${sign}${rounded}${unit.suffix}`;
  }
  return `${sign}${Math.round(abs)}`;
}
