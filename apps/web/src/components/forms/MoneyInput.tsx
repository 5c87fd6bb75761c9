import { NumberInput, type NumberInputProps } from '@mantine/core';
import { currentLanguage } from '../../lib/i18n/index.ts';

/**
 * How the user's language writes dollars: the symbol's place and spacing, the group and decimal
 * marks ('$1,234.50' in English, '1 234,50 $' in Russian). Read from Intl, as formatUsd does.
 */
function moneyFormatOf(language: string) {
  const parts = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).formatToParts(
    1234567.5,
  );
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((p) => p.value)
      .join('');
  return {
    prefix: text(0, first) || undefined,
    suffix: text(last + 1, parts.length) || undefined,
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** A dollar amount in the user's language's format, never negative. */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput {...moneyFormatOf(currentLanguage())} min={0} {...props} />;
}
