import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_MAX_LENGTH } from './table-search.ts';

/** The search box above a server-side table; its label is also its accessible name. */
export function SearchInput({
  label,
  value,
  onChange,
  width = 320,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: number;
}) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={width}
      maxLength={SEARCH_MAX_LENGTH}
    />
  );
}
