import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';

/** The part of a TanStack Query result the states below read. */
export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

type QueryErrorProps = {
  message: ReactNode;
  onRetry: () => unknown;
  title?: string;
  sx?: SxProps<Theme>;
};

/** A failed load: the message and its one Retry button. */
export function QueryError({ message, onRetry, title, sx }: QueryErrorProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    >
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {message}
    </Alert>
  );
}

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** The words of a failed load: fixed, or read from the error (describeError with the page's fallback). */
  errorMessage: ReactNode | ((error: unknown) => ReactNode);
  errorTitle?: string;
  errorSx?: SxProps<Theme>;
  /** The spinner's words while loading. */
  loadingLabel?: string;
  /** Shown while loading instead of the spinner (a skeleton). */
  loading?: ReactNode;
  /** Shown instead of the content when `isEmpty` says the data holds nothing. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** A failed refetch leaves the data already loaded on screen (by default the error replaces it). */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
};

/** One query's screen states: loading, failed with Retry, empty, or its content. */
export function QueryState<T>({
  query,
  errorMessage,
  errorTitle,
  errorSx,
  loadingLabel,
  loading,
  empty,
  isEmpty,
  keepDataOnError = false,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <PageLoader label={loadingLabel} />}</>;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    const message = typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage;
    return <QueryError message={message} title={errorTitle} sx={errorSx} onRetry={query.refetch} />;
  }
  const data = query.data as T;
  if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
