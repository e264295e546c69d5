import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { QueryState, type QueryLike } from '../query-state';
import { CardView } from './card-view';
import { nextSort, sortRows, type DataTableColumn, type RowKey, type SortState } from './columns';
import { TableView } from './table-view';

/** Server paging: the total is read from the answer; page and size are the page's state (useTablePaging). */
type Paging<TData> = {
  count: (data: TData) => number;
  /** Where the server stops counting, if it does: a count equal to it means at least that many ("1,000+"). */
  countLimit?: (data: TData) => number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
  rowsPerPageOptions?: number[];
};

type DataTableProps<TData, TRow> = {
  /** The accessible name of the table (and of the card list on phones). */
  label: string;
  query: QueryLike<TData> & { isFetching: boolean };
  rows: (data: TData) => TRow[];
  rowKey: RowKey<TRow>;
  columns: DataTableColumn<TRow>[];
  loadingLabel: string;
  errorMessage: string | ((error: unknown) => string);
  /** Shown when the answer holds no rows (an EmptyState). */
  empty: ReactNode;
  /** Filters and actions above the rows. */
  toolbar?: ReactNode;
  paging?: Paging<TData>;
  size?: 'small' | 'medium';
  hover?: boolean;
};

/**
 * A list page's table: loading, failed (with Retry), empty, or the rows with optional sorting and server paging.
 * On phones the rows become cards.
 */
export function DataTable<TData, TRow>({
  label,
  query,
  rows,
  rowKey,
  columns,
  loadingLabel,
  errorMessage,
  empty,
  toolbar,
  paging,
  size,
  hover = true,
}: DataTableProps<TData, TRow>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [sort, setSort] = useState<SortState | null>(null);
  return (
    <Paper variant="outlined">
      {toolbar}
      {query.isFetching && !query.isPending ? <LinearProgress aria-label="Updating" /> : null}
      <QueryState
        query={query}
        loadingLabel={loadingLabel}
        errorMessage={errorMessage}
        errorSx={{ m: 2 }}
        isEmpty={(data) => rows(data).length === 0}
        empty={<Box sx={{ p: 2 }}>{empty}</Box>}
      >
        {(data) => {
          const shown = sortRows(rows(data), columns, sort);
          return (
            <>
              {phone ? (
                <CardView label={label} rows={shown} rowKey={rowKey} columns={columns} />
              ) : (
                <TableView
                  label={label}
                  rows={shown}
                  rowKey={rowKey}
                  columns={columns}
                  size={size}
                  hover={hover}
                  sort={sort}
                  onSort={(id) => setSort((s) => nextSort(s, id))}
                />
              )}
              {paging ? (
                <TablePagination
                  component="div"
                  count={paging.count(data)}
                  labelDisplayedRows={({ from, to, count }) =>
                    `${from}–${to} of ${paging.countLimit && count >= paging.countLimit(data) ? `${count.toLocaleString('en-ZA')}+` : count}`
                  }
                  page={paging.page}
                  rowsPerPage={paging.rowsPerPage}
                  rowsPerPageOptions={paging.rowsPerPageOptions ?? [10, 25, 50, 100]}
                  onPageChange={(_, next) => paging.onPageChange(next)}
                  onRowsPerPageChange={(event) => {
                    paging.onRowsPerPageChange(Number(event.target.value));
                    paging.onPageChange(0);
                  }}
                />
              ) : null}
            </>
          );
        }}
      </QueryState>
    </Paper>
  );
}
