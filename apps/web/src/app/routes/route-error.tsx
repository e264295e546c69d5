import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Alert } from '../../components/plain/alert';

/**
 * Last line of defence for a page that failed to render or load. A failed chunk import usually
 * means a new version was deployed while the tab was open: reloading fixes it.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div style={{ maxWidth: 640, margin: '80px auto 0', padding: '0 16px' }}>
      <Alert severity="error" title="Something went wrong">
        This page could not be shown. Please reload the page; if the problem continues, contact support.
        {detail ? <div style={{ marginTop: 8, fontFamily: 'monospace', fontSize: 13 }}>{detail}</div> : null}
        <div style={{ marginTop: 16, display: 'flex', gap: 8 }}>
          <button type="button" className="ls-btn ls-btn--contained" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="ls-btn ls-btn--text" href="/">
            Go to the home page
          </a>
        </div>
      </Alert>
    </div>
  );
}
