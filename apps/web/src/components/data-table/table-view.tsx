import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { DataTableColumn, RowKey, SortState } from './columns';

type TableViewProps<T> = {
  label: string;
  rows: T[];
  rowKey: RowKey<T>;
  columns: DataTableColumn<T>[];
  size?: 'small' | 'medium';
  hover: boolean;
  sort: SortState | null;
  onSort: (columnId: string) => void;
};

/** The rows as a table, with sort buttons on the sortable headers. */
export function TableView<T>({ label, rows, rowKey, columns, size, hover, sort, onSort }: TableViewProps<T>) {
  return (
    <TableContainer>
      <Table aria-label={label} size={size}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = sort?.columnId === column.id;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={active ? sort.direction : false}
                >
                  {column.sortValue ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => onSort(column.id)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover={hover}>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={column.cellSx}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
