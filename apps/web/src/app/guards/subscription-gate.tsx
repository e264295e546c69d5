import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-state';
import { paths } from '../../config/paths';
import { describeError } from '../../lib/api-client';
import type { SubscriptionAccess } from './use-subscription-access';

/** Where firm roles without an active subscription may still go (spec 4.1). */
const UNGATED_PATHS: readonly string[] = [
  paths.app.myPlan,
  paths.app.plans,
  paths.app.paymentSuccess,
  paths.app.paymentCancel,
  paths.app.profile,
];

const isUngatedPath = (pathname: string): boolean => {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return UNGATED_PATHS.includes(clean);
};

/** Sends firm roles without an active or trial subscription to /app/plans, except on the pages above. */
export function SubscriptionGate({ access, children }: { access: SubscriptionAccess; children: ReactNode }) {
  const location = useLocation();
  if (!access.gated || isUngatedPath(location.pathname)) return <>{children}</>;
  if (access.loading) return <PageLoader label="Checking your firm's subscription..." />;
  if (access.error) {
    return (
      <QueryError
        message={describeError(access.error, {
          fallback: "Failed to load your firm's subscription. Please try again.",
        })}
        onRetry={access.refetch}
      />
    );
  }
  if (!access.active) return <Navigate to={paths.app.plans} replace />;
  return <>{children}</>;
}
