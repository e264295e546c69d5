import { Spinner } from './plain/spinner';

export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="ls-loader">
      <Spinner />
      <p className="ls-p ls-muted">{label}</p>
    </div>
  );
}
