import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ToastProvider } from '../components/toast-provider';
import { createQueryClient } from '../lib/query-client';

/** Query cache and the toast queue. MUI's theme wraps only what is drawn with MUI (components/mui-theme.tsx). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
