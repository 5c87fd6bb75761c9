import {
  ActionIcon,
  Box,
  Button,
  Group,
  type MantineBreakpoint,
  type MantineTheme,
  Menu,
  Stack,
} from '@mantine/core';
import { IconDots, IconDownload } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/api/client.ts';
import { useReplayEarlyInput } from '../../lib/early-input.ts';
import { type CsvValue, exportCsv } from './export-csv.ts';
import { SearchInput } from './SearchInput.tsx';
import { type TableController, useTableTexts } from './use-server-table.ts';

/** One column, declared once: its header, its cell, its server sort field and its CSV value. */
export type Column<T> = {
  /** The column's id (and, without `cell`, the row field it shows). */
  key: string;
  /** The header, translated; also the CSV header. */
  title: string;
  cell?: (row: T) => ReactNode;
  /** The row as text, for the cell and the CSV alike (a formatted date, a translated label). */
  text?: (row: T) => string;
  /** The server's sort field; without one the column does not sort. */
  sortKey?: string;
  /** The CSV value; without one `text`, else the row field `key`; false leaves the column out. */
  csv?: ((row: T) => CsvValue) | false;
  /** In the CSV only, not on screen. */
  hidden?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  /**
   * A row's actions: the column stays at the table's right edge while the rest scrolls under
   * it, so a phone or a longer language never pushes an action out of sight. Declare pinned
   * columns last.
   */
  pinned?: boolean;
  /** Kept on one line (a date: '2026-06-01' would break at its hyphens). */
  noWrap?: boolean;
  /** Shown from this screen width up: a column that gives way on a phone (still in the CSV). */
  visibleFrom?: MantineBreakpoint;
};

/** An entry of a row's menu: an action, or a link. */
export type MenuItem = {
  label: string;
  onClick?: () => void;
  href?: string;
  target?: string;
  color?: string;
};

export type ServerTableProps<T> = {
  table: TableController<T>;
  columns: Column<T>[];
  /** The row field that identifies a row (default `id`), or its key built from several fields. */
  idKey?: string | ((row: T) => string);
  /** The search box, labelled (its label is also its accessible name); false for none. */
  search: { label: string; width?: number } | false;
  /** Beside the search box (filters, notes). */
  toolbar?: ReactNode;
  /** On the right, before Export CSV (buttons). */
  actions?: ReactNode;
  /** Export CSV of every row matching the search, with this file name (and a label that says which file, where another CSV sits nearby). */
  csv?: { filename: string; label?: string };
  /** The empty state without a search ('No users yet')… */
  emptyText: string;
  /** …and with one ('No users match "x"'); the default is the generic one. */
  noMatchText?: (search: string) => string;
  /** A filter besides the search is on (the toolbar's switches): an empty list says so. */
  filtered?: boolean;
  /** The row menu (a last column, pinned), with the row's name in its accessible label ("Actions: name"). */
  rowMenu?: { items: (row: T) => MenuItem[]; label: (row: T) => string };
  /** Ticked rows, with each checkbox's accessible name. */
  selection?: {
    selected: T[];
    onChange: (rows: T[]) => void;
    pageLabel: string;
    rowLabel: (row: T) => string;
  };
  onRowClick?: (row: T) => void;
  minHeight?: number;
  dense?: boolean;
};

function fieldOf<T>(row: T, key: string): CsvValue {
  const value = (row as Record<string, unknown>)[key];
  return typeof value === 'object' && value !== null ? '' : (value as CsvValue);
}

/** The CSV columns of a table's columns: the ones not marked `csv: false`, in order. */
export function csvColumns<T>(columns: Column<T>[]) {
  return columns.flatMap((c) =>
    c.csv === false ? [] : [{ title: c.title, value: c.csv ?? c.text ?? ((row: T) => fieldOf(row, c.key)) }],
  );
}

/**
 * Every server-paged list: search and paging kept in the URL (useServerTable), the screen's
 * page sizes, sort, CSV export of the filtered list, row menu, selection and an empty state that
 * says why. A new list is its columns and an endpoint.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { t } = useTranslation();
  const texts = useTableTexts();
  const labelled = useTranslatedLibraryLabels();
  const { table, columns } = props;
  // A table the server drew (decision 0072): a search typed or a button pressed before the app
  // arrived counts once it is hydrated.
  useReplayEarlyInput();
  const sortable = columns.some((c) => c.sortKey);
  const sortColumn = columns.find((c) => c.sortKey && c.sortKey === table.sortBy);

  const shown: DataTableColumn<T>[] = columns
    .filter((c) => !c.hidden)
    .map((c) => ({
      accessor: c.key,
      title: c.title,
      sortable: Boolean(c.sortKey),
      textAlign: c.textAlign,
      ...(c.pinned ? { pinned: 'right' as const } : {}),
      ...(c.noWrap ? { noWrap: true } : {}),
      ...(c.visibleFrom
        ? { visibleMediaQuery: (theme: MantineTheme) => `(min-width: ${theme.breakpoints[c.visibleFrom!]})` }
        : {}),
      ...(c.cell || c.text ? { render: (row: T) => (c.cell ?? c.text)!(row) } : {}),
    }));
  if (props.rowMenu) {
    const menu = props.rowMenu;
    shown.push({
      accessor: '__actions',
      title: t('actions'),
      textAlign: 'right',
      pinned: 'right',
      render: (row) => <RowMenu items={menu.items(row)} label={`${t('actions')}: ${menu.label(row)}`} />,
    });
  }

  const hasToolbar = props.search || props.toolbar || props.actions || props.csv;
  const dataTableProps = {
    withTableBorder: true,
    highlightOnHover: true,
    // A table wider than a phone scrolls sideways; a focusable region lets the keyboard scroll
    // it even when its rows hold no link or button (axe: scrollable-region-focusable).
    scrollAreaProps: { viewportProps: { tabIndex: 0 } },
    minHeight: props.minHeight ?? 200,
    idAccessor: props.idKey ?? 'id',
    verticalSpacing: props.dense ? 4 : 'sm',
    noRecordsText: table.appliedSearch
      ? (props.noMatchText?.(table.appliedSearch) ?? t('table.noMatch', { search: table.appliedSearch }))
      : props.filtered
        ? t('table.noFilterMatch')
        : props.emptyText,
    ...texts,
    records: table.rows,
    totalRecords: table.total,
    fetching: table.query.isFetching,
    page: table.page,
    onPageChange: table.setPage,
    recordsPerPage: table.pageSize,
    ...(table.pageSizes.length > 1
      ? { recordsPerPageOptions: table.pageSizes, onRecordsPerPageChange: table.setPageSize }
      : {}),
    ...(sortable
      ? {
          sortStatus: {
            columnAccessor: sortColumn?.key ?? table.sortBy ?? '',
            direction: table.sortDirection,
          },
          onSortStatusChange: ({
            columnAccessor,
            direction,
          }: {
            columnAccessor: unknown;
            direction: 'asc' | 'desc';
          }) => {
            const column = columns.find((c) => c.key === columnAccessor);
            if (column?.sortKey) table.setSort(column.sortKey, direction);
          },
        }
      : {}),
    ...(props.selection
      ? {
          selectedRecords: props.selection.selected,
          onSelectedRecordsChange: props.selection.onChange,
          allRecordsSelectionCheckboxProps: { 'aria-label': props.selection.pageLabel },
          getRecordSelectionCheckboxProps: (row: T) => ({ 'aria-label': props.selection!.rowLabel(row) }),
        }
      : {}),
    ...(props.onRowClick ? { onRowClick: ({ record }: { record: T }) => props.onRowClick!(record) } : {}),
    columns: shown,
  } as unknown as DataTableProps<T>;

  return (
    <Stack>
      {hasToolbar && (
        <Group justify="space-between" align="end">
          <Group>
            {props.search && (
              <SearchInput
                label={props.search.label}
                value={table.search}
                onChange={table.setSearch}
                width={props.search.width}
              />
            )}
            {props.toolbar}
          </Group>
          <Group>
            {props.actions}
            {props.csv && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  void exportCsv({
                    source: table.source,
                    params: table.params,
                    columns: csvColumns(columns),
                    filename: props.csv!.filename,
                  }).catch(notifyError)
                }
              >
                {props.csv.label ?? t('table.exportCsv')}
              </Button>
            )}
          </Group>
        </Group>
      )}
      <Box ref={labelled}>
        <DataTable<T> {...dataTableProps} />
      </Box>
    </Stack>
  );
}

/**
 * mantine-datatable writes a few accessible names in English and has no prop for them (the
 * sort state of each header, 'Select all records'): after each render they are put in the
 * user's language, in this table only.
 */
function useTranslatedLibraryLabels() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const labels: Record<string, string> = {
      'Not sorted': t('table.sort.none'),
      'Sorted ascending': t('table.sort.ascending'),
      'Sorted descending': t('table.sort.descending'),
      'Select all records': t('table.selectAll'),
    };
    for (const element of root.querySelectorAll<HTMLElement>('[aria-label]')) {
      const english = element.getAttribute('aria-label')!;
      if (labels[english]) element.setAttribute('aria-label', labels[english]);
    }
  });
  return ref;
}

function RowMenu({ items, label }: { items: MenuItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) =>
          item.href ? (
            <Menu.Item
              key={item.label}
              component="a"
              href={item.href}
              target={item.target}
              color={item.color}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} onClick={item.onClick} color={item.color}>
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
