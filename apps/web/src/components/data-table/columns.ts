import type { SxProps, Theme } from '@mui/material/styles';
import type { Key, ReactNode } from 'react';

type SortValue = string | number | null | undefined;

export type DataTableColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  cellSx?: SxProps<Theme>;
  /** Makes the column sortable on the page: the header sorts the rows shown by this value. */
  sortValue?: (row: T) => SortValue;
  /** On a phone card: the card's heading, its footer of actions, or (default) a labelled line. */
  card?: 'title' | 'actions';
};

export type SortState = { columnId: string; direction: 'asc' | 'desc' };

export type RowKey<T> = (row: T) => Key;

const compare = (a: SortValue, b: SortValue): number => {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
};

/** The rows in the order of the sorted column (empty values last); unsorted, the server's order. */
export function sortRows<T>(rows: T[], columns: DataTableColumn<T>[], sort: SortState | null): T[] {
  const column = sort && columns.find((c) => c.id === sort.columnId);
  if (!sort || !column?.sortValue) return rows;
  const value = column.sortValue;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || va === undefined || va === '' || vb === null || vb === undefined || vb === '')
      return compare(va, vb);
    return sign * compare(va, vb);
  });
}

/** A click on a header: ascending first, then descending, then the server's order again. */
export const nextSort = (current: SortState | null, columnId: string): SortState | null => {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
};
