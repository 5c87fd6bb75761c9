import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answersTyped, serverSearchFilter } from '../../../lib/server-search.ts';
import { competitionChoicesQuery } from '../api/promotions.ts';

/**
 * The promotion's competition: typing searches the competitions on the server (name and
 * organizer); the one already chosen stays in the list even when the search does not match it.
 */
export function CompetitionSelect({
  value,
  onChange,
  error,
  chosen,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: React.ReactNode;
  /** The competition the promotion has now (its name is not on every page of results). */
  chosen?: { id: string; name: string };
}) {
  const { t } = useTranslation('promotions');
  const [search, setSearch] = useState('');
  // The option picked last: kept in the list, so the input shows its name whatever the last
  // search found.
  const [lastPicked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // The form's value decides which name shows: the one picked here, or the promotion's own
  // competition (which changes when the form takes someone else's version).
  const picked =
    lastPicked && lastPicked.value === value
      ? lastPicked
      : chosen && chosen.id === value
        ? { value: chosen.id, label: chosen.name }
        : null;
  const [debounced] = useDebouncedValue(search, 250);
  // Once a competition is picked the input shows its name: that is not a new search.
  const choices = useQuery(competitionChoicesQuery(debounced === picked?.label ? '' : debounced));
  const found = (choices.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} — ${c.organizer}`,
  }));
  const answered = answersTyped(search, debounced, choices);
  const data = picked && !found.some((c) => c.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      label={t('fields.competition')}
      placeholder={t('form.competitionPlaceholder')}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverSearchFilter(answered)}
      nothingFoundMessage={answered ? t('form.noCompetition') : t('form.searching')}
      value={value}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id);
      }}
      error={error}
      data={data}
    />
  );
}
