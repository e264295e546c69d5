import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { describeError } from '../../lib/api-client';
import { logout, useCurrentUser } from '../../lib/auth';
import { AuthedUserContext } from './authed-user';

/**
 * The authenticated area, inside RequireSession (which sends a visitor without a session to the login page): the
 * current user is loaded once and shared below.
 */
export function RequireAuth({
  children,
  passwordChangePage = false,
}: {
  children: ReactNode;
  passwordChangePage?: boolean;
}) {
  const location = useLocation();
  const me = useCurrentUser();
  // The signed-in screens are drawn in a deferred render once the user arrives: the query's answer re-renders at
  // once (a synchronous update), which would draw the whole layout and page in one long task; deferred, React
  // draws them in slices and the browser stays responsive meanwhile (docs/performance.md, section 5).
  const user = useDeferredValue(me.data);
  const queryClient = useQueryClient();

  if (me.isError) {
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
        <Alert severity="error">
          <AlertTitle>We could not load your account</AlertTitle>
          {describeError(me.error, { fallback: 'Failed to load your account. Please try again.' })}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" size="small" onClick={() => void me.refetch()}>
              Try again
            </Button>
            <Button size="small" onClick={() => void logout(queryClient)}>
              Log out
            </Button>
          </Stack>
        </Alert>
      </Box>
    );
  }

  // While the user is asked for, and during the render that has it but has not drawn with it yet.
  if (!user) return <PageLoader label="Loading your account..." />;

  // A generated password must be replaced first: the server refuses everything else until then.
  if (user.must_change_password && !passwordChangePage) {
    return (
      <Navigate
        to={paths.changePassword}
        replace
        state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }}
      />
    );
  }

  return <AuthedUserContext.Provider value={user}>{children}</AuthedUserContext.Provider>;
}
