import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './components/plain/plain.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { prefetchCurrentUser } from './lib/auth';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const router = createAppRouter();
const queryClient = createQueryClient();
// A signed-in page: its user is asked for now, beside the signed-in shell's code, instead of once that has run.
if (window.location.pathname.startsWith(`${paths.app.root}/`)) prefetchCurrentUser(queryClient);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
