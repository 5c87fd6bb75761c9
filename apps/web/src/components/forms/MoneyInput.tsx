import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A dollar amount: '$' prefix, thousands separators, never negative. */
export function MoneyInput(props: NumberInputProps) {
  return <NumberInput prefix="$" min={0} thousandSeparator {...props} />;
}
