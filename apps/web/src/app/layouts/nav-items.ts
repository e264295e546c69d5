import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { Role } from '../../config/constants';
import { paths } from '../../config/paths';
import { isGatedRole } from '../../lib/authorization';

export type NavItem = { key: string; label: string; to: string; icon: SvgIconComponent };

const item = (key: string, label: string, to: string, icon: SvgIconComponent): NavItem => ({ key, label, to, icon });

/**
 * The links of the navigation bar for a role (spec 2.6). Firm roles without an active subscription
 * see only what the subscription gate lets them open: Choose Plan, My Plan (firm_admin) and Profile.
 */
export const navItemsFor = (role: Role, subscriptionActive: boolean): { primary: NavItem[]; account: NavItem[] } => {
  if (role === 'system_admin') {
    return {
      primary: [
        item('admin', 'Admin Portal', paths.app.admin, AdminPanelSettingsOutlinedIcon),
        item('verify', 'Verify Document', paths.app.verify, VerifiedOutlinedIcon),
      ],
      account: [
        item('profile', 'Profile', paths.app.profile, PersonOutlinedIcon),
        item('account', 'Account', paths.app.account, SettingsOutlinedIcon),
        item('notifications', 'Notifications', paths.app.notifications, NotificationsOutlinedIcon),
      ],
    };
  }
  const gated = isGatedRole(role);
  const linksVisible = !gated || subscriptionActive;
  const primary: NavItem[] = [];
  if (role === 'sheriff' || (gated && subscriptionActive)) primary.push(item('dashboard', 'Dashboard', paths.app.dashboard, DashboardOutlinedIcon));
  if (role === 'firm_admin') primary.push(item('my-plan', 'My Plan', paths.app.myPlan, ReceiptLongOutlinedIcon));
  if (role === 'firm_admin' && subscriptionActive) primary.push(item('subscription', 'Subscription', paths.app.subscription, CardMembershipOutlinedIcon));
  if (gated && !subscriptionActive) primary.push(item('plans', 'Choose Plan', paths.app.plans, SellOutlinedIcon));
  if (linksVisible) primary.push(item('verify', 'Verify Document', paths.app.verify, VerifiedOutlinedIcon));

  const account: NavItem[] = [item('profile', 'Profile', paths.app.profile, AccountCircleOutlinedIcon)];
  if (linksVisible) {
    account.push(item('account', 'Account', paths.app.account, SettingsOutlinedIcon));
    account.push(item('notifications', 'Notifications', paths.app.notifications, NotificationsOutlinedIcon));
  }
  if (role === 'firm_admin' && subscriptionActive) account.push(item('developers', 'Developers', paths.app.developers, CodeOutlinedIcon));
  return { primary, account };
};
