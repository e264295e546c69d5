import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PublicPlansPage } from '../../features/subscriptions/components/public-plans-page';
import { useHasSession } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /plans exists only for visitors; a logged-in user is sent to /app/plans (spec 2.1). */
export function PublicPlansRoute() {
  useDocumentTitle('See Our Plans');
  const signedIn = useHasSession();
  if (signedIn) return <Navigate to={paths.app.plans} replace />;
  return <PublicPlansPage />;
}
