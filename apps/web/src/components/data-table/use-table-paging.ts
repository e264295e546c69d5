import { useState } from 'react';

/** A server-paged list's page and page size; a new filter goes back to the first page with `reset`. */
export function useTablePaging(initialRowsPerPage = 25) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(initialRowsPerPage);
  return {
    page,
    rowsPerPage,
    skip: page * rowsPerPage,
    onPageChange: setPage,
    onRowsPerPageChange: setRowsPerPage,
    reset: () => setPage(0),
  };
}
