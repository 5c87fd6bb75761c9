import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { WinnerCandidate, WinnerChoice } from '@preffy/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answersTyped, serverSearchFilter } from '../../../lib/server-search.ts';
import { candidatesQuery } from '../api/finish.ts';
import { type SlotState, candidateLimitFor, choiceKey, choiceLabel, optionsFor } from '../winner-slots.ts';

/**
 * The winner of one prize slot, chosen among the competition's creator, platform, email and
 * source combinations: searched on the server once typing pauses, without the emails chosen in
 * the other slots. The chosen winner stays listed while it is shown.
 */
export function WinnerSelect({
  competitionId,
  slots,
  index,
  label,
  onChange,
  invalid,
}: {
  competitionId: string;
  slots: readonly SlotState[];
  index: number;
  /** The accessible name ('Winner of 1st Place'). */
  label: string;
  onChange: (winner: WinnerCandidate | null) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('finish');
  const value: WinnerChoice | null = slots[index]!.winner;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // The box shows the chosen winner's text after a choice: that is not a new search.
  const sent = value && debounced === choiceLabel(value) ? '' : debounced.trim();
  // Asks for more as other slots take emails: hiding those never empties the list.
  const candidates = useQuery(candidatesQuery(competitionId, sent, candidateLimitFor(slots, index)));
  const answered = answersTyped(search, debounced, candidates);
  const offered = optionsFor(candidates.data ?? [], slots, index);
  const data = offered.map((c) => ({ value: choiceKey(c), label: choiceLabel(c) }));
  if (value && !offered.some((c) => choiceKey(c) === choiceKey(value)))
    data.unshift({ value: choiceKey(value), label: choiceLabel(value) });

  return (
    <Select
      aria-label={label}
      placeholder={t('slot.placeholder')}
      searchable
      // Clearing is the clear button's job: picking the chosen option again keeps it.
      allowDeselect={false}
      data={data}
      value={value ? choiceKey(value) : null}
      onChange={(key) => {
        if (key === null) return onChange(null);
        const chosen = offered.find((c) => choiceKey(c) === key);
        if (chosen) onChange(chosen);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverSearchFilter(answered)}
      nothingFoundMessage={answered ? t('slot.nothingFound') : t('slot.searching')}
      error={invalid}
      comboboxProps={{ withinPortal: true }}
      // Opens on a click, typing or the arrow keys, not on focus: focus comes back to the box after a
      // choice and on tabbing through the slots, and a list reopened then covers the next slot.
      openOnFocus={false}
      w="100%"
    />
  );
}
