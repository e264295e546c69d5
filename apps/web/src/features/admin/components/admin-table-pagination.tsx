import TablePagination from '@mui/material/TablePagination';

type AdminTablePaginationProps = {
  count: number;
  page: number;
  rowsPerPage: number;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
};

/** The admin portal's table footer: 10/25/50/100 rows, and back to the first page when the size changes. */
export function AdminTablePagination({ count, page, rowsPerPage, onPageChange, onRowsPerPageChange }: AdminTablePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onRowsPerPageChange(Number(event.target.value));
        onPageChange(0);
      }}
    />
  );
}
