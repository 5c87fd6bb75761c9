import { defaultOptionsFilter, type OptionsFilter } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Whether the options of a server-searched Select answer the typed text: typing has paused (the
 * debounced text is the typed one) and the answer shown is the one for that text, not the earlier
 * answer kept while the new one loads.
 */
export function answersTyped(
  typed: string,
  debounced: string,
  answer: Pick<UseQueryResult, 'isPending' | 'isPlaceholderData'>,
): boolean {
  return typed === debounced && !answer.isPending && !answer.isPlaceholderData;
}

/**
 * The filter of a server-searched Select. Options that answer the typed text show as the server
 * ordered them. Until then only those whose label holds the typed text show: one that does not
 * match would vanish when the answer lands, and a click aimed at it would then land on another
 * option, or on nothing.
 */
export function serverSearchFilter(answered: boolean): OptionsFilter {
  // Mantine's own filter is typed for any option value; these Selects' values are strings.
  return answered ? ({ options }) => options : (defaultOptionsFilter as OptionsFilter);
}
