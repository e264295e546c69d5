import type { AlertColor } from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import type { Toast } from './toast-snackbar';

// The snackbar's code loads with the first toast, and stays mounted after it (docs/performance.md).
const ToastSnackbar = lazy(async () => ({ default: (await import('./toast-snackbar')).ToastSnackbar }));

type ShowToast = (message: string, severity?: AlertColor) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Short confirmations ('Copied to clipboard!', 'Filters cleared'), one at a time, bottom centre. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const current = queue[0];
  const [shown, setShown] = useState(false);

  const showToast = useCallback<ShowToast>((message, severity = 'success') => {
    setQueue((items) => [...items, { id: Date.now() + Math.random(), message, severity }]);
    setShown(true);
  }, []);

  const close = useCallback(() => setQueue((items) => items.slice(1)), []);
  const value = useMemo(() => showToast, [showToast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastSnackbar toast={current} onClose={close} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = (): ShowToast => {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
};
