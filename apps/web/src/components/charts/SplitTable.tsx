import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format.ts';

export type SplitRow = { key: string; cells: ReactNode[]; posts: number; views: number };

/**
 * Posts and views per slice (a platform, a country): the numbers behind a split's chart, exact
 * and readable by screen readers. Analytics and reports both show splits this way. It scrolls
 * inside its box on a phone.
 */
export function SplitTable({
  caption,
  headers,
  postsLabel,
  viewsLabel,
  rows,
}: {
  caption?: string;
  headers: string[];
  postsLabel: string;
  viewsLabel: string;
  rows: SplitRow[];
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
            <Table.Th ta="right">{postsLabel}</Table.Th>
            <Table.Th ta="right">{viewsLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) => (
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
              <Table.Td ta="right">{formatCount(row.posts)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.views)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
