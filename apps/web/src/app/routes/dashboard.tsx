import type { Document } from '@lexserve/contracts/documents';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import {
  DashboardFeedbackProvider,
  isSessionMessage,
  type DashboardFeedback,
} from '../../components/dashboard-feedback';
import { OnceOpened } from '../../components/once-opened';
import { PageLoader } from '../../components/page-loader';
import { Tabs } from '../../components/plain/tabs';
import type { DashboardTab } from '../../config/paths';
import { paths } from '../../config/paths';
import { DASHBOARD_TABS_BY_ROLE, resolveDashboardTab } from '../../lib/authorization';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthedUser } from '../guards/authed-user';
import { useActiveTabVisible } from '../../lib/use-active-tab-visible';
import './dashboard.css';

// The banners and the loading overlay (MUI) load when first shown.
const NotificationBanner = lazy(async () => ({
  default: (await import('../../components/notification-banner')).NotificationBanner,
}));
const LoadingOverlay = lazy(async () => ({
  default: (await import('../../components/loading-overlay')).LoadingOverlay,
}));

const NewMattersTab = lazy(() =>
  import('../../features/documents/components/new-matters-tab').then((m) => ({ default: m.NewMattersTab })),
);
const MyCasesTab = lazy(() =>
  import('../../features/documents/components/my-cases-tab').then((m) => ({ default: m.MyCasesTab })),
);
const DueIndicator = lazy(() =>
  import('../../features/deadlines/components/due-indicator').then((m) => ({ default: m.DueIndicator })),
);
const CaseClosuresTab = lazy(() =>
  import('../../features/closures/components/case-closures-tab').then((m) => ({
    default: m.CaseClosuresTab,
  })),
);
const UserManagementTab = lazy(() =>
  import('../../features/users/components/user-management-tab').then((m) => ({
    default: m.UserManagementTab,
  })),
);

const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  'new-matters': 'New Matters',
  'my-cases': 'My Cases',
  'case-closures': 'Case Closures',
  'user-management': 'User Management',
};

/** My Cases' "Due" column: the deadlines feature's indicator (one shared request for every row). */
const dueCell = (doc: Document) => (
  <Suspense fallback={null}>
    <DueIndicator documentId={doc.id} />
  </Suspense>
);

function TabContent({ tab, subtab }: { tab: DashboardTab; subtab: string | null }) {
  switch (tab) {
    case 'my-cases':
      return <MyCasesTab subtab={subtab} dueCell={dueCell} />;
    case 'case-closures':
      return <CaseClosuresTab subtab={subtab} />;
    case 'user-management':
      return <UserManagementTab />;
    default:
      return <NewMattersTab subtab={subtab} />;
  }
}

/** Dashboard shell (spec 2.7): role tabs from the query, overlay, success and error banners. */
export function DashboardPage() {
  const user = useAuthedUser();
  const [params, setParams] = useSearchParams();
  const [overlay, setOverlay] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tab = resolveDashboardTab(user.role, params.get('tab'));
  const tabsRef = useActiveTabVisible(tab);
  const subtab = params.get('subtab');
  useDocumentTitle(DASHBOARD_TAB_LABELS[tab]);

  const showError = useCallback((message: string) => {
    if (isSessionMessage(message)) return;
    setError(message);
  }, []);
  const feedback = useMemo<DashboardFeedback>(
    () => ({
      showLoading: (message) => setOverlay(message),
      hideLoading: () => setOverlay(null),
      showSuccess: (message) => {
        setError(null);
        setSuccess(message);
      },
      showError,
    }),
    [showError],
  );

  if (user.role === 'system_admin') return <Navigate to={paths.app.admin} replace />;

  const tabs = DASHBOARD_TABS_BY_ROLE[user.role];
  const busy = overlay !== null;

  return (
    <DashboardFeedbackProvider value={feedback}>
      <div className="ls-dashboard__head">
        <h1 className="ls-h4">Dashboard</h1>
        <p className="ls-p ls-muted">
          Welcome, {user.display_name || user.full_name} · {user.role_display_name}
        </p>
      </div>

      <OnceOpened open={Boolean(success)}>
        <NotificationBanner
          open={Boolean(success)}
          severity="success"
          message={success}
          onClose={() => setSuccess(null)}
        />
      </OnceOpened>
      <OnceOpened open={Boolean(error)}>
        <NotificationBanner
          open={Boolean(error)}
          severity="error"
          message={error}
          onClose={() => setError(null)}
          autoHideMs={null}
        />
      </OnceOpened>

      {/* A role with one section (the sheriff: My Cases) gets no strip of a single tab. */}
      {tabs.length > 1 ? (
        <div className="ls-dashboard__tabs">
          <Tabs
            ref={tabsRef}
            items={tabs.map((value) => ({
              value,
              label: DASHBOARD_TAB_LABELS[value],
              id: `dashboard-tab-${value}`,
              controls: `dashboard-panel-${value}`,
            }))}
            value={tab}
            onChange={(value) => {
              setSuccess(null);
              setError(null);
              setParams({ tab: value });
            }}
            disabled={busy}
            aria-label="Dashboard sections"
          />
        </div>
      ) : null}

      <div
        id={`dashboard-panel-${tab}`}
        {...(tabs.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `dashboard-tab-${tab}` } : {})}
      >
        <Suspense fallback={<PageLoader />}>
          <TabContent tab={tab} subtab={subtab} />
        </Suspense>
      </div>

      <OnceOpened open={busy}>
        <LoadingOverlay open={busy} message={overlay ?? undefined} />
      </OnceOpened>
    </DashboardFeedbackProvider>
  );
}
