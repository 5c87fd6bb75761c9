import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { answersTyped, serverSearchFilter } from '../../lib/server-search.ts';

export type Option = { value: string; label: string };

/**
 * A Select whose options the server searches (a competition's creators can be thousands): the
 * typed text is sent once typing pauses, and the chosen value stays listed while it is shown.
 */
export function SearchableSelect<Page, Key extends QueryKey>({
  label,
  placeholder,
  value,
  onChange,
  query,
  optionsOf,
  nothingFound,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
  query: (search: string) => UseQueryOptions<Page, Error, Page, Key>;
  optionsOf: (page: Page) => Option[];
  nothingFound: string;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // The box shows the chosen option's label: that text is not a new search (also after a reload,
  // when the value comes from the URL and its label from the first page of options).
  const [picked, setPicked] = useState<Option | null>(null);
  const { data: unfiltered } = useQuery(query(''));
  const chosenLabel = value
    ? picked?.value === value
      ? picked.label
      : ((unfiltered ? optionsOf(unfiltered) : []).find((o) => o.value === value)?.label ?? value)
    : null;
  const sent = debounced === chosenLabel ? '' : debounced.trim();
  const answer = useQuery(query(sent));
  const { data } = answer;
  const answered = answersTyped(search, debounced, answer);
  const options = data ? optionsOf(data) : [];
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: chosenLabel! });
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      data={options}
      value={value}
      onChange={(next, option) => {
        setPicked(option ? { value: option.value, label: option.label } : null);
        onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverSearchFilter(answered)}
      nothingFoundMessage={answered ? nothingFound : undefined}
      maw={420}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
