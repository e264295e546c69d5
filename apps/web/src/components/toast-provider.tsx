import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';

type Toast = { id: number; message: string; severity: AlertColor };
type ShowToast = (message: string, severity?: AlertColor) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Short confirmations ('Copied to clipboard!', 'Filters cleared'), one at a time, bottom centre. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const current = queue[0];

  const showToast = useCallback<ShowToast>((message, severity = 'success') => {
    setQueue((items) => [...items, { id: Date.now() + Math.random(), message, severity }]);
  }, []);

  const close = useCallback(() => setQueue((items) => items.slice(1)), []);
  const value = useMemo(() => showToast, [showToast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.id}
        open={Boolean(current)}
        autoHideDuration={4000}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert onClose={close} severity={current.severity} variant="filled" sx={{ width: '100%' }}>
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export const useToast = (): ShowToast => {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
};
