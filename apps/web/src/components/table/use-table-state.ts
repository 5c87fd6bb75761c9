import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { TableSearch } from './table-search.ts';

/** Where a table keeps its page, page size, search and sort: values left out are the defaults. */
export type TableStateStore = {
  state: TableSearch;
  update: (patch: TableSearch) => void;
};

/** The table's state in the route's search params (tableSearchSchema), replaced as it changes. */
export function useUrlTableState(): TableStateStore {
  const search = useSearch({ strict: false }) as TableSearch;
  const navigate = useNavigate();
  return {
    state: {
      page: search.page,
      pageSize: search.pageSize,
      search: search.search,
      sort: search.sort,
      dir: search.dir,
    },
    update: (patch) =>
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }),
        replace: true,
      } as never),
  };
}

/** The table's state in the component (tables in modals, whose URL belongs to the page below). */
export function useLocalTableState(): TableStateStore {
  const [state, setState] = useState<TableSearch>({});
  return { state, update: (patch) => setState((prev) => ({ ...prev, ...patch })) };
}

/**
 * A filter of a table screen (a switch, a status), kept in the route's search params beside the
 * table's state (the route's validateSearch declares it), so a link or a reload keeps it.
 * Changing it goes back to page 1; `undefined` leaves it out of the URL.
 */
export function useUrlFilter<V extends string | number | boolean>(
  name: string,
): [V | undefined, (value: V | undefined) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const value = search[name] as V | undefined;
  const set = (next: V | undefined) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, [name]: next, page: undefined }),
      replace: true,
    } as never);
  return [value, set];
}
