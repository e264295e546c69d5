import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { CardView } from './card-view';
import { nextSort, sortRows, type DataTableColumn, type RowKey, type SortState } from './columns';
import { TableView } from './table-view';

type RowsTableProps<T> = {
  /** The accessible name of the table (and of the card list on phones). */
  label: string;
  rows: T[];
  rowKey: RowKey<T>;
  columns: DataTableColumn<T>[];
  size?: 'small' | 'medium';
};

/**
 * Rows already at hand (a section of a report, a dialog's list) as a table, and on phones as one card per row, as
 * DataTable does for a list page: no column is clipped off a 390 px screen.
 */
export function RowsTable<T>({ label, rows, rowKey, columns, size = 'small' }: RowsTableProps<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [sort, setSort] = useState<SortState | null>(null);
  const shown = sortRows(rows, columns, sort);
  return phone ? (
    <CardView label={label} rows={shown} rowKey={rowKey} columns={columns} />
  ) : (
    <TableView
      label={label}
      rows={shown}
      rowKey={rowKey}
      columns={columns}
      size={size}
      hover={false}
      sort={sort}
      onSort={(id) => setSort((s) => nextSort(s, id))}
    />
  );
}
