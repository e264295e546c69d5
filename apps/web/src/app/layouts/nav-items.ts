import type { AppIconName } from '../../components/plain/app-icon';
import type { Role } from '../../config/constants';
import { paths } from '../../config/paths';
import { isGatedRole } from '../../lib/authorization';

export type NavItem = { key: string; label: string; to: string; icon: AppIconName };

const item = (key: string, label: string, to: string, icon: AppIconName): NavItem => ({
  key,
  label,
  to,
  icon,
});

/**
 * The links of the navigation bar for a role (spec 2.6). Firm roles without an active subscription
 * see only what the subscription gate lets them open: Choose Plan, My Plan (firm_admin) and Profile.
 */
export const navItemsFor = (
  role: Role,
  subscriptionActive: boolean,
): { primary: NavItem[]; account: NavItem[] } => {
  if (role === 'system_admin') {
    return {
      primary: [
        item('admin', 'Admin Portal', paths.app.admin, 'adminPanelSettingsOutlined'),
        item('verify', 'Verify Document', paths.app.verify, 'verifiedOutlined'),
      ],
      account: [
        item('profile', 'Profile', paths.app.profile, 'personOutlined'),
        item('account', 'Account', paths.app.account, 'settingsOutlined'),
        item('notifications', 'Notifications', paths.app.notifications, 'notificationsOutlined'),
      ],
    };
  }
  const gated = isGatedRole(role);
  const linksVisible = !gated || subscriptionActive;
  const primary: NavItem[] = [];
  if (role === 'sheriff' || (gated && subscriptionActive))
    primary.push(item('dashboard', 'Dashboard', paths.app.dashboard, 'dashboardOutlined'));
  if (role === 'firm_admin')
    primary.push(item('my-plan', 'My Plan', paths.app.myPlan, 'receiptLongOutlined'));
  if (role === 'firm_admin' && subscriptionActive)
    primary.push(item('subscription', 'Subscription', paths.app.subscription, 'cardMembershipOutlined'));
  if (gated && !subscriptionActive)
    primary.push(item('plans', 'Choose Plan', paths.app.plans, 'sellOutlined'));
  if (linksVisible) primary.push(item('verify', 'Verify Document', paths.app.verify, 'verifiedOutlined'));

  const account: NavItem[] = [item('profile', 'Profile', paths.app.profile, 'accountCircleOutlined')];
  if (linksVisible) {
    account.push(item('account', 'Account', paths.app.account, 'settingsOutlined'));
    account.push(item('notifications', 'Notifications', paths.app.notifications, 'notificationsOutlined'));
  }
  if (role === 'firm_admin' && subscriptionActive)
    account.push(item('developers', 'Developers', paths.app.developers, 'codeOutlined'));
  return { primary, account };
};
