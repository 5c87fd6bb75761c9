import type { ReactNode } from 'react';

/**
 * mantine-datatable renders rows without cells under jsdom (icflorescu/mantine-datatable#626).
 * Page tests mock it with this plain table, fed the props ServerTable gives it:
 * `vi.mock('mantine-datatable', () => import('…/test/plain-data-table.tsx'))`.
 */
type Props = {
  columns: { accessor: string; render?: (row: unknown) => ReactNode }[];
  records: Record<string, unknown>[];
  idAccessor: string;
  recordsPerPageOptions?: number[];
  recordsPerPage?: number;
};

/** Every set of props the table was rendered with, newest last (tests read the paging). */
export const renderedTableProps: Props[] = [];

export function DataTable(props: Props) {
  renderedTableProps.push(props);
  return (
    <table>
      <tbody>
        {props.records.map((row) => (
          <tr key={String(row[props.idAccessor])}>
            {props.columns.map((c) => (
              <td key={c.accessor}>{c.render ? c.render(row) : String(row[c.accessor])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
