import { formatCount, formatUsd } from '../../lib/format.ts';
import type { Column } from './ServerTable.tsx';

/** The row fields that hold a number of type N. */
type KeyOf<T, N> = { [K in keyof T]: T[K] extends N ? K : never }[keyof T] & string;

type Options = { sortable?: boolean };

/** A number column: right-aligned, sortable by the server unless said otherwise. */
const numberColumn = <T>(key: string, title: string, options: Options): Column<T> => ({
  key,
  title,
  ...(options.sortable === false ? {} : { sortKey: key }),
  textAlign: 'right',
});

/** A count (likes, views, comments), in the user's language. */
export const countColumn = <T>(
  key: KeyOf<T, number | null>,
  title: string,
  options: Options = {},
): Column<T> => ({
  ...numberColumn<T>(key, title, options),
  cell: (row) => formatCount(row[key] as number | null),
});

/** An amount in US dollars, in the user's language; the CSV gets the plain number, to add up. */
export const usdColumn = <T>(key: KeyOf<T, number>, title: string, options: Options = {}): Column<T> => ({
  ...numberColumn<T>(key, title, options),
  csv: (row) => row[key] as number,
  text: (row) => formatUsd(row[key] as number),
});
