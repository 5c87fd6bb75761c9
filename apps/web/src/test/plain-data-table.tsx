import type { ReactNode } from 'react';

/**
 * mantine-datatable renders rows without cells under jsdom (icflorescu/mantine-datatable#626).
 * Page tests mock it with this plain table (header, rows or the empty text, in the scroll
 * viewport), fed the props ServerTable gives it:
 * `vi.mock('mantine-datatable', () => import('…/test/plain-data-table.tsx'))`.
 */
type Props = {
  columns: {
    accessor: string;
    title?: ReactNode;
    sortable?: boolean;
    render?: (row: unknown) => ReactNode;
    noWrap?: boolean;
  }[];
  records: Record<string, unknown>[];
  idAccessor: string;
  noRecordsText?: string;
  scrollAreaProps?: { viewportProps?: Record<string, unknown> };
  recordsPerPageOptions?: number[];
  recordsPerPage?: number;
  onRecordsPerPageChange?: (size: number) => void;
  verticalSpacing?: number | string;
  sortStatus?: { columnAccessor: string; direction: 'asc' | 'desc' };
  onSortStatusChange?: (status: { columnAccessor: string; direction: 'asc' | 'desc' }) => void;
};

/** Every set of props the table was rendered with, newest last (tests read the paging). */
export const renderedTableProps: Props[] = [];

export function DataTable(props: Props) {
  renderedTableProps.push(props);
  return (
    <div data-testid="scroll-viewport" {...props.scrollAreaProps?.viewportProps}>
      <table>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.accessor}>{c.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.records.length === 0 && (
            <tr>
              <td>{props.noRecordsText}</td>
            </tr>
          )}
          {props.records.map((row) => (
            <tr key={String(row[props.idAccessor])}>
              {props.columns.map((c) => (
                <td key={c.accessor} style={c.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {c.render ? c.render(row) : String(row[c.accessor])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
