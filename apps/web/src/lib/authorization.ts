import type { DashboardTab } from '../config/paths';
import { FIRM_ROLES, type Role } from '../config/constants';

/** Roles that must have an active or trial subscription (spec 4.1). */
export const isGatedRole = (role: Role): boolean => (FIRM_ROLES as readonly Role[]).includes(role);

/** Dashboard tabs per role (spec 2.7 / 6). system_admin has none: it is redirected to /app/admin. */
export const DASHBOARD_TABS_BY_ROLE: Record<Role, readonly DashboardTab[]> = {
  firm_admin: ['new-matters', 'my-cases', 'case-closures', 'user-management'],
  branch_admin: ['new-matters', 'my-cases', 'case-closures'],
  legal_practitioner: ['new-matters', 'my-cases'],
  // A sheriff creates no matters (PRODUCT-DECISIONS): no New Matters tab they could never use.
  sheriff: ['my-cases'],
  system_admin: [],
};

const DEFAULT_DASHBOARD_TAB: DashboardTab = 'new-matters';

/** Where a role lands: firms on New Matters; a sheriff, who creates no matters, on the documents to serve. */
const landingTabOf = (role: Role): DashboardTab => (role === 'sheriff' ? 'my-cases' : DEFAULT_DASHBOARD_TAB);

/** An unknown or disallowed tab falls back to the role's landing tab (spec 2.7: new-matters for the firms). */
export const resolveDashboardTab = (role: Role, requested: string | null): DashboardTab => {
  const allowed = DASHBOARD_TABS_BY_ROLE[role];
  return allowed.find((tab) => tab === requested) ?? landingTabOf(role);
};
