/** Every route of spec 1, section 2.1, in one place so links and redirects never drift. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** First login with a generated password: the user chooses their own before anything else. */
  changePassword: '/change-password',
  plans: '/plans',
  verify: '/verify',
  about: '/about',
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    activeCase: (documentId: string | number) =>
      `/app/dashboard/active-case/${encodeURIComponent(String(documentId))}`,
    admin: '/app/admin',
    caseClosureApprovals: '/app/admin/case-closure-approvals',
    adminSection: (section: AdminSection) => `/app/admin/${section}`,
    verify: '/app/verify',
    profile: '/app/profile',
    account: '/app/account',
    /** API keys and webhooks (firm administrators). */
    developers: '/app/developers',
    notifications: '/app/notifications',
    myPlan: '/app/my-plan',
    plans: '/app/plans',
    subscription: '/app/subscription',
    subscriptionChangePlan: '/app/subscription/change-plan',
    subscriptionPreview: '/app/subscription/preview',
    subscriptionConfirmation: '/app/subscription/confirmation',
    subscriptionCancel: '/app/subscription/cancel',
    subscriptionUsageHistory: '/app/subscription/usage-history',
    userPlan: '/app/user-plan',
    paymentSuccess: '/app/payment/success',
    paymentCancel: '/app/payment/cancel',
    paymentCardUpdateSuccess: '/app/payment/card-update-success',
  },
} as const;

/** The tabs of the admin portal (spec 2.14). */
export const ADMIN_SECTIONS = [
  'overview',
  'plans',
  'firm-subscriptions',
  'case-closure-approvals',
  'analytics',
  'health',
  'reports',
  'users',
  'sheriffs',
  'sheriff-areas',
  'firms',
  'settings',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export type DashboardTab = 'new-matters' | 'my-cases' | 'case-closures' | 'user-management';

export const dashboardTabPath = (tab: DashboardTab, subtab?: string): string => {
  const query = new URLSearchParams({ tab });
  if (subtab) query.set('subtab', subtab);
  return `${paths.app.dashboard}?${query.toString()}`;
};

/** Login with the 'Session Expired' warning (spec 4.2). */
export const sessionExpiredLoginPath = `${paths.login}?reason=session_expired`;
