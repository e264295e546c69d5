import { lazy, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireRole } from './guards/require-role';
import { RequireSession } from './guards/require-session';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { loadAppShell } from './load-app-shell';
import { AdminRedirect, AppIndexRedirect, CatchAllRedirect, DashboardRedirect } from './routes/redirects';
import { RouteErrorPage } from './routes/route-error';

/** A lazily loaded page: `page(() => import('./x'), 'XPage')` keeps each screen in its own chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const page = <M extends Record<string, any>>(load: () => Promise<M>, name: keyof M & string) => {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Component />;
};

// The signed-in shell (session guard, navigation bars, real-time channel) is a chunk of its own: the public pages
// (a QR code's /verify, the home page, the login) load none of it (docs/performance.md).
// Without a session, RequireSession sends the visitor to the login page before any of the shell is loaded.
const appShell = <RequireSession>{page(loadAppShell, 'AppShell')}</RequireSession>;
const passwordChangeShell = <RequireSession>{page(loadAppShell, 'PasswordChangeShell')}</RequireSession>;

// Public pages, all drawn without MUI (docs/performance.md, section 5).
const home = page(() => import('./routes/home'), 'HomePage');
const about = page(() => import('./routes/about'), 'AboutPage');
const login = page(() => import('./routes/login'), 'LoginPage');
const signup = page(() => import('./routes/signup'), 'SignupPage');
const forgotPassword = page(() => import('./routes/forgot-password'), 'ForgotPasswordPage');
const resetPassword = page(() => import('./routes/reset-password'), 'ResetPasswordPage');
const changePasswordRequired = page(
  () => import('./routes/change-password-required'),
  'ChangePasswordRequiredPage',
);
const publicPlans = page(() => import('./routes/public-plans'), 'PublicPlansRoute');
const verify = page(() => import('../features/verification/components/verify-page'), 'VerifyPage');
const delivery = page(() => import('../features/delivery/components/delivery-page'), 'DeliveryPage');

// Authenticated pages of this foundation
const dashboard = page(() => import('./routes/dashboard'), 'DashboardPage');
const profile = page(() => import('./routes/profile'), 'ProfilePage');
const account = page(() => import('./routes/account'), 'AccountPage');
const developers = page(() => import('./routes/developers'), 'DevelopersPage');

// Feature screens, each owned by its feature folder
const caseDetail = page(() => import('./routes/active-case'), 'ActiveCasePage');
const adminPortal = page(() => import('../features/admin/components/admin-portal-page'), 'AdminPortalPage');
const closureApprovals = page(
  () => import('../features/closures/components/closure-approvals-page'),
  'ClosureApprovalsPage',
);
const notifications = page(() => import('./routes/notifications'), 'NotificationsRoute');
const myPlan = page(() => import('../features/subscriptions/components/my-plan-page'), 'MyPlanPage');
const plans = page(() => import('../features/subscriptions/components/plans-page'), 'PlansPage');
const subscription = page(
  () => import('../features/subscriptions/components/subscription-dashboard-page'),
  'SubscriptionDashboardPage',
);
const changePlan = page(
  () => import('../features/subscriptions/components/change-plan-page'),
  'ChangePlanPage',
);
const planPreview = page(
  () => import('../features/subscriptions/components/plan-change-preview-page'),
  'PlanChangePreviewPage',
);
const planConfirmation = page(
  () => import('../features/subscriptions/components/plan-change-confirmation-page'),
  'PlanChangeConfirmationPage',
);
const cancelSubscription = page(
  () => import('../features/subscriptions/components/cancel-subscription-page'),
  'CancelSubscriptionPage',
);
const paymentSuccess = page(
  () => import('../features/payments/components/payment-success-page'),
  'PaymentSuccessPage',
);
const paymentCancel = page(
  () => import('../features/payments/components/payment-cancel-page'),
  'PaymentCancelPage',
);
const cardUpdateSuccess = page(
  () => import('../features/payments/components/card-update-success-page'),
  'CardUpdateSuccessPage',
);
const usageHistory = page(
  () => import('../features/subscriptions/components/usage-history-page'),
  'UsageHistoryPage',
);

// Admin portal sections (spec 2.14): the portal page is the tab bar; each section is its own chunk.
const adminOverview = page(
  () => import('../features/admin/components/admin-overview-page'),
  'AdminOverviewPage',
);
const adminPlans = page(() => import('../features/admin/components/admin-plans-page'), 'AdminPlansPage');
const adminFirmSubscriptions = page(
  () => import('../features/admin/components/firm-subscriptions-page'),
  'FirmSubscriptionsPage',
);
const adminAnalytics = page(
  () => import('../features/admin/components/admin-analytics-page'),
  'AdminAnalyticsPage',
);
const adminHealth = page(() => import('../features/admin/components/admin-health-page'), 'AdminHealthPage');
const adminReports = page(
  () => import('../features/admin/components/admin-reports-page'),
  'AdminReportsPage',
);
const adminUsers = page(() => import('../features/admin/components/admin-users-page'), 'AdminUsersPage');
const adminSheriffs = page(
  () => import('../features/admin/components/admin-sheriffs-page'),
  'AdminSheriffsPage',
);
const adminSheriffAreas = page(
  () => import('../features/admin/components/admin-sheriff-areas-page'),
  'AdminSheriffAreasPage',
);
const adminFirms = page(() => import('../features/admin/components/admin-firms-page'), 'AdminFirmsPage');
const adminSettings = page(
  () => import('../features/admin/components/admin-settings-page'),
  'AdminSettingsPage',
);

/** Every route and redirect of spec 1, section 2.1. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: home },
          { path: 'login', element: login },
          { path: 'signup', element: signup },
          { path: 'forgot-password', element: forgotPassword },
          { path: 'reset-password', element: resetPassword },
          { path: 'plans', element: publicPlans },
          { path: 'verify', element: verify },
          { path: 'verify/:securityId', element: verify },
          { path: 'delivery/:token', element: delivery },
          { path: 'about', element: about },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          {
            path: 'change-password',
            element: passwordChangeShell,
            children: [{ index: true, element: changePasswordRequired }],
          },
        ],
      },
      { path: 'dashboard', element: <DashboardRedirect /> },
      { path: 'admin', element: <AdminRedirect /> },
      {
        path: 'app',
        element: appShell,
        children: [
          { index: true, element: <AppIndexRedirect /> },
          { path: 'dashboard', element: dashboard },
          { path: 'dashboard/active-case/:documentId', element: caseDetail },
          {
            path: 'admin',
            element: <RequireRole roles={['system_admin']} />,
            children: [
              {
                element: adminPortal,
                children: [
                  { index: true, element: <Navigate to={paths.app.adminSection('overview')} replace /> },
                  { path: 'overview', element: adminOverview },
                  { path: 'plans', element: adminPlans },
                  { path: 'firm-subscriptions', element: adminFirmSubscriptions },
                  { path: 'case-closure-approvals', element: closureApprovals },
                  { path: 'analytics', element: adminAnalytics },
                  { path: 'health', element: adminHealth },
                  { path: 'reports', element: adminReports },
                  { path: 'users', element: adminUsers },
                  { path: 'sheriffs', element: adminSheriffs },
                  { path: 'sheriff-areas', element: adminSheriffAreas },
                  { path: 'firms', element: adminFirms },
                  { path: 'settings', element: adminSettings },
                  { path: '*', element: <Navigate to={paths.app.adminSection('overview')} replace /> },
                ],
              },
            ],
          },
          { path: 'verify', element: verify },
          { path: 'verify/:securityId', element: verify },
          { path: 'profile', element: profile },
          { path: 'account', element: account },
          {
            path: 'developers',
            element: <RequireRole roles={['firm_admin']} />,
            children: [{ index: true, element: developers }],
          },
          { path: 'notifications', element: notifications },
          { path: 'my-plan', element: myPlan },
          { path: 'plans', element: plans },
          { path: 'subscription', element: subscription },
          { path: 'subscription/change-plan', element: changePlan },
          { path: 'subscription/preview', element: planPreview },
          { path: 'subscription/confirmation', element: planConfirmation },
          { path: 'subscription/cancel', element: cancelSubscription },
          { path: 'subscription/usage-history', element: usageHistory },
          { path: 'user-plan', element: <Navigate to={paths.app.myPlan} replace /> },
          { path: 'payment/success', element: paymentSuccess },
          { path: 'payment/cancel', element: paymentCancel },
          { path: 'payment/card-update-success', element: cardUpdateSuccess },
        ],
      },
      { path: '*', element: <CatchAllRedirect /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
