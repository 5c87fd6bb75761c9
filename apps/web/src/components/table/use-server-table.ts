import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDefinition, ResponseOf } from '@preffy/api';
import type { ZodType } from 'zod';
import { call } from '../../lib/api/client.ts';
import { type TableStateStore, useLocalTableState, useUrlTableState } from './use-table-state.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export const PAGE_SIZES = [10, 20, 50];

/** A paged list endpoint of the contract, and the type of its rows. */
export type PagedEndpoint = EndpointDefinition & { method: 'GET' };
export type RowOf<E extends EndpointDefinition> = ResponseOf<E> extends { items: (infer T)[] } ? T : never;

/** Where a table's pages come from: a contract endpoint and its path parameters. */
export type TableSource = { endpoint: PagedEndpoint; pathParams?: Record<string, string> };

/** One page of a table's source. */
export function fetchPage<T>(source: TableSource, query: Record<string, string | number | undefined>) {
  return call(source.endpoint, { params: source.pathParams, query } as never) as unknown as Promise<Page<T>>;
}

export type SortDirection = 'asc' | 'desc';

/** A sort field from the URL, if the endpoint sorts by it (its query's sortBy). */
function validSort(endpoint: PagedEndpoint, field: string | undefined) {
  const sortBy = (endpoint.query as { shape?: Record<string, ZodType> } | undefined)?.shape?.sortBy;
  return field && (!sortBy || sortBy.safeParse(field).success) ? field : undefined;
}

/**
 * Paging, search and sort done by the server: the table only ever holds one page. The state
 * lives in the route's search params (or, with `inUrl: false`, in the component); values equal
 * to the defaults are left out of the URL. Changing the search, sort or page size goes back to
 * page 1.
 */
export function useServerTable<E extends PagedEndpoint>(options: {
  /** The query key prefix (the feature's key factory), invalidated by its mutations. */
  key: string | readonly unknown[];
  endpoint: E;
  pathParams?: Record<string, string>;
  /** The server's default sort field; without one the endpoint's own order is used. */
  sortBy?: string;
  sortDirection?: SortDirection;
  /** The screen's page sizes; the first is the default. */
  pageSizes?: number[];
  /** Keep page, size, search and sort in the URL (the default) or in the component. */
  inUrl?: boolean;
  /** The screen's filters, sent with every page (and the CSV); a change goes back to page 1. */
  extra?: Record<string, string | number | undefined>;
}) {
  const url = useUrlTableState();
  const local = useLocalTableState();
  const store: TableStateStore = options.inUrl === false ? local : url;
  const { state, update } = store;
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const pageSize = state.pageSize && pageSizes.includes(state.pageSize) ? state.pageSize : pageSizes[0]!;
  const page = state.page ?? 1;
  const sortBy = validSort(options.endpoint, state.sort) ?? options.sortBy;
  const sortDirection = state.dir ?? options.sortDirection ?? 'asc';
  const applied = state.search?.trim() || undefined;

  // The search box changes on every key; the URL (and the query) once typing pauses.
  const [text, setText] = useState(state.search ?? '');
  const written = useRef(state.search ?? '');
  const writeSearch = useDebouncedCallback((typed: string) => {
    if (typed === written.current) return;
    written.current = typed;
    update({ search: typed || undefined, page: undefined });
  }, 250);
  const changeSearch = (typed: string) => {
    setText(typed);
    writeSearch(typed);
  };
  useEffect(() => {
    // The URL changed from outside (back, a link, another tab): the box follows it, and what was
    // typed before and not yet written is dropped. Each key schedules its own write, so the same
    // text typed again at once (after a tab cleared it) is still searched.
    const fromUrl = state.search ?? '';
    if (fromUrl === written.current) return;
    writeSearch.cancel();
    written.current = fromUrl;
    setText(fromUrl);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the URL's search moves the box
  }, [state.search]);

  // A changed filter (extra) starts again from page 1, like a new search.
  const extraKey = JSON.stringify(options.extra ?? {});
  const shownExtra = useRef(extraKey);
  useEffect(() => {
    if (shownExtra.current === extraKey) return;
    shownExtra.current = extraKey;
    if (state.page !== undefined) update({ page: undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a changed filter resets
  }, [extraKey]);

  const params = {
    ...options.extra,
    page,
    pageSize,
    search: applied,
    ...(sortBy ? { sortBy, sortDirection } : {}),
  };
  const key = typeof options.key === 'string' ? [options.key] : options.key;
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: () =>
      fetchPage<RowOf<E>>({ endpoint: options.endpoint, pathParams: options.pathParams }, params),
    placeholderData: keepPreviousData,
  });
  // A page past the end (an old link, the last row deleted) moves to the last page.
  const total = query.data?.total ?? 0;
  const pastTheEnd = !query.isPlaceholderData && query.data?.items.length === 0 && total > 0 && page > 1;
  useEffect(() => {
    if (!pastTheEnd) return;
    const last = Math.ceil(total / pageSize);
    update({ page: last === 1 ? undefined : last });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer comes back empty
  }, [pastTheEnd, total, pageSize]);
  return {
    query,
    /** The list's query as sent: the filtered list, for the CSV export. */
    params,
    source: { endpoint: options.endpoint, pathParams: options.pathParams } as TableSource,
    rows: query.data?.items ?? [],
    total,
    /** The text in the search box, and the search the list was fetched with. */
    search: text,
    appliedSearch: applied,
    setSearch: changeSearch,
    page,
    setPage: (next: number) => update({ page: next === 1 ? undefined : next }),
    pageSize,
    pageSizes,
    setPageSize: (size: number) =>
      update({ pageSize: size === pageSizes[0] ? undefined : size, page: undefined }),
    sortBy,
    sortDirection,
    setSort: (field: string, direction: SortDirection) =>
      update({
        sort: field === options.sortBy ? undefined : field,
        dir: direction === (options.sortDirection ?? 'asc') ? undefined : direction,
        page: undefined,
      }),
  };
}

/** What ServerTable reads from useServerTable. */
export type TableController<T> = {
  params: Record<string, string | number | undefined>;
  source: TableSource;
  rows: T[];
  total: number;
  query: { isFetching: boolean };
  search: string;
  appliedSearch: string | undefined;
  setSearch: (text: string) => void;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  pageSizes: number[];
  setPageSize: (size: number) => void;
  sortBy: string | undefined;
  sortDirection: SortDirection;
  setSort: (field: string, direction: SortDirection) => void;
};

/** The table texts every list shares, in the user's language. */
export function useTableTexts() {
  const { t } = useTranslation();
  return {
    recordsPerPageLabel: t('table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('table.records', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`table.pages.${control}`),
    }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('table.pages.page', { page }) }),
    loadingText: t('table.loading'),
  };
}
