import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { MuiTheme } from '../components/mui-theme';
import { routes as appRoutes } from '../app/router';
import { storeTokens } from '../lib/session-store';

export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });

type Options = { route?: string; path?: string; queryClient?: QueryClient; extraRoutes?: RouteObject[] };

/** Renders one element inside the app's providers, MUI's theme (as the signed-in shell gives) and a memory router. */
export const renderWithProviders = (
  ui: ReactElement,
  { route = '/', path = '*', queryClient = createTestQueryClient(), extraRoutes = [] }: Options = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter>; queryClient: QueryClient } => {
  const router = createMemoryRouter([{ path, element: ui }, ...extraRoutes], { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MuiTheme>
        <RouterProvider router={router} />
      </MuiTheme>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
};

/** Renders the whole application at a URL, with the real routes, guards and layouts. */
export const renderApp = (
  route: string,
  { queryClient = createTestQueryClient() }: { queryClient?: QueryClient } = {},
) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [route] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
};

/** Starts a session as the app would after login. */
export const signIn = () => {
  storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
  localStorage.setItem('last_activity', String(Date.now()));
};
