import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * Last line of defence for a page that failed to render or load. A failed chunk import usually
 * means a new version was deployed while the tab was open: reloading fixes it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 10, px: 2 }}>
      <Alert severity="error">
        <AlertTitle>Something went wrong</AlertTitle>
        This page could not be shown. Please reload the page; if the problem continues, contact support.
        {detail ? <Box sx={{ mt: 1, fontFamily: 'monospace', fontSize: 13 }}>{detail}</Box> : null}
        <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
          <Button variant="contained" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button size="small" href="/">
            Go to the home page
          </Button>
        </Box>
      </Alert>
    </Box>
  );
}
