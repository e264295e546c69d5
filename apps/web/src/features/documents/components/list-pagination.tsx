import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type ListPaginationProps = {
  page: number;
  pageCount: number;
  from: number;
  to: number;
  total: number;
  /** How the total reads when it is not the number itself (a count that stops at a limit: "1,000+"). */
  totalLabel?: string;
  /** "files" or "documents". */
  noun: string;
  onPage: (page: number) => void;
};

/** "Showing a-b of n files", first, previous, next and last controls, and "Page x of y" (spec 2.3, 2.10). */
export function ListPagination({
  page,
  pageCount,
  from,
  to,
  total,
  totalLabel,
  noun,
  onPage,
}: ListPaginationProps) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between', mt: 1 }}
      component="nav"
      aria-label={`${noun} pages`}
    >
      <Typography variant="body2" color="text.secondary">
        Showing {from}-{to} of {totalLabel ?? total} {noun}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <IconButton size="small" onClick={() => onPage(1)} disabled={page <= 1} aria-label="First page">
          <FirstPageIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <KeyboardArrowLeft fontSize="small" />
        </IconButton>
        <Typography variant="body2" sx={{ mx: 1, whiteSpace: 'nowrap' }} aria-live="polite">
          Page {page} of {pageCount}
        </Typography>
        <IconButton
          size="small"
          onClick={() => onPage(page + 1)}
          disabled={page >= pageCount}
          aria-label="Next page"
        >
          <KeyboardArrowRight fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          onClick={() => onPage(pageCount)}
          disabled={page >= pageCount}
          aria-label="Last page"
        >
          <LastPageIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Stack>
  );
}
