import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointDefinition, ResponseOf } from '@preffy/api';
import { api, call } from '../api/client.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export const PAGE_SIZES = [10, 20, 50];

/** The query string every paged list endpoint takes (apps/server/src/lib/paging.ts). */
export function pageQueryString(params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}

/** A paged list endpoint of the contract, and the type of its rows. */
export type PagedEndpoint = EndpointDefinition & { method: 'GET' };
export type RowOf<E extends EndpointDefinition> = ResponseOf<E> extends { items: (infer T)[] } ? T : never;

/** Where a table's pages come from: a contract endpoint (with its path parameters), or (until
 * every screen is moved to the contract) an address. */
export type TableSource =
  { endpoint: PagedEndpoint; pathParams?: Record<string, string> } | { url: string; endpoint?: undefined };

/** One page of a table's source. */
export function fetchPage<T>(source: TableSource, query: Record<string, string | number | undefined>) {
  if (source.endpoint)
    return call(source.endpoint, { params: source.pathParams, query } as never) as unknown as Promise<
      Page<T>
    >;
  return api.get<Page<T>>(`${source.url}?${pageQueryString(query)}`);
}

/**
 * Paging, search and sort done by the server: the table only ever holds one page.
 * Changing the search or sort goes back to page 1.
 */
export function useServerTable<E extends PagedEndpoint, S extends keyof RowOf<E> & string>(options: {
  key: string;
  endpoint: E;
  pathParams?: Record<string, string>;
  sortBy: S;
  sortDirection?: 'asc' | 'desc';
  extra?: Record<string, string | number | undefined>;
}): ReturnType<typeof useTable<RowOf<E>>>;
export function useServerTable<T, S extends keyof T & string>(options: {
  key: string;
  url: string;
  sortBy: S;
  sortDirection?: 'asc' | 'desc';
  extra?: Record<string, string | number | undefined>;
}): ReturnType<typeof useTable<T>>;
export function useServerTable(options: {
  key: string;
  url?: string;
  endpoint?: PagedEndpoint;
  pathParams?: Record<string, string>;
  sortBy: string;
  sortDirection?: 'asc' | 'desc';
  extra?: Record<string, string | number | undefined>;
}): unknown {
  const source: TableSource = options.endpoint
    ? { endpoint: options.endpoint, pathParams: options.pathParams }
    : { url: options.url! };
  return useTable<unknown>({ ...options, source });
}

function useTable<T>(options: {
  key: string;
  source: TableSource;
  sortBy: string;
  sortDirection?: 'asc' | 'desc';
  extra?: Record<string, string | number | undefined>;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [search, setSearchNow] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [sortStatus, setSortStatusNow] = useState<DataTableSortStatus<T>>({
    columnAccessor: options.sortBy,
    direction: options.sortDirection ?? 'asc',
  });
  const params = {
    ...options.extra,
    page,
    pageSize,
    search: debouncedSearch.trim() || undefined,
    sortBy: String(sortStatus.columnAccessor),
    sortDirection: sortStatus.direction,
  };
  const query = useQuery({
    queryKey: [options.key, params],
    queryFn: () => fetchPage<T>(options.source, params),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    params,
    search,
    setSearch: (value: string) => {
      setSearchNow(value);
      setPage(1);
    },
    tableProps: {
      records: query.data?.items ?? [],
      totalRecords: query.data?.total ?? 0,
      fetching: query.isFetching,
      page,
      onPageChange: setPage,
      recordsPerPage: pageSize,
      recordsPerPageOptions: PAGE_SIZES,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      sortStatus,
      onSortStatusChange: (status: DataTableSortStatus<T>) => {
        setSortStatusNow(status);
        setPage(1);
      },
    },
  };
}

/** The table texts every list shares, in the user's language. */
export function useTableTexts() {
  const { t } = useTranslation();
  return {
    recordsPerPageLabel: t('table.perPage'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('table.records', { from, to, total: totalRecords }),
  };
}
