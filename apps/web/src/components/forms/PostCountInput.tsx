import { NumberInput, type NumberInputProps } from '@mantine/core';
import { MAX_POST_COUNT } from '@preffy/api';

/** A post's likes or views: a whole number from 0 to the most the server stores, with thousands separators. */
export function PostCountInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      max={MAX_POST_COUNT}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator
      {...props}
    />
  );
}
