import type { User } from '@lexserve/contracts/users';
import { Suspense, lazy, useState } from 'react';
import { BrandLogo } from '../../components/brand-logo';
import { AppIcon } from '../../components/plain/app-icon';
import { Icon } from '../../components/plain/icon';
import { paths } from '../../config/paths';
import { PendingClosuresButton } from '../../features/closures/components/pending-closures-button';
import { NotificationsNavButton } from '../../features/notifications/components/notifications-nav-button';
import { isGatedRole } from '../../lib/authorization';
import { navItemsFor } from './nav-items';
import { BarLink } from './nav-parts';
import { SubscriptionRequiredChip } from './subscription-required-chip';

const UserNavMenus = lazy(async () => ({ default: (await import('./user-nav-menus')).UserNavMenus }));

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

type Props = { user: User; subscriptionActive: boolean; onLogout: () => void };

/**
 * Bar for firm roles and sheriffs (spec 2.6). Plain HTML and CSS (app-layout.css) with the look of MUI's AppBar: it is
 * on every signed-in page's first view; its account menu and phone drawer (MUI) load when first opened.
 */
export function UserNavBar({ user, subscriptionActive, onLogout }: Props) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [menusUsed, setMenusUsed] = useState(false);
  const { primary, account } = navItemsFor(user.role, subscriptionActive);
  const gated = isGatedRole(user.role);
  const linksVisible = !gated || subscriptionActive;
  const unsubscribed = gated && !subscriptionActive;
  const home = linksVisible ? paths.app.dashboard : paths.app.plans;
  const name = user.display_name || user.full_name;

  return (
    <header className="ls-topbar ls-appbar">
      <div className="ls-appbar__bar">
        <BrandLogo to={home} inverse />
        <nav aria-label="Main" className="ls-appbar__nav">
          {primary.map((item) => (
            <BarLink key={item.key} item={item} />
          ))}
        </nav>
        <div className="ls-appbar__spacer" />
        {unsubscribed ? (
          <div className="ls-appbar__chip">
            <SubscriptionRequiredChip />
          </div>
        ) : null}
        {linksVisible ? <PendingClosuresButton role={user.role} /> : null}
        {linksVisible ? <NotificationsNavButton /> : null}
        <button
          type="button"
          className="ls-btn ls-btn--text ls-appbar__user"
          onClick={(event) => {
            setMenusUsed(true);
            setMenuAnchor(event.currentTarget);
          }}
          aria-haspopup="menu"
          aria-expanded={Boolean(menuAnchor)}
          aria-controls="user-menu"
        >
          <span className="ls-avatar" aria-hidden="true">
            {initials(name)}
          </span>
          {name}
          <span className="ls-btn__icon">
            <AppIcon name="keyboardArrowDown" />
          </span>
        </button>
        <button
          type="button"
          className="ls-icon-btn ls-icon-btn--inherit ls-appbar__menu"
          aria-label="Open menu"
          aria-controls="user-drawer"
          aria-expanded={drawerOpen}
          onClick={() => {
            setMenusUsed(true);
            setDrawerOpen(true);
          }}
        >
          <Icon name="menu" />
        </button>
      </div>
      {menusUsed ? (
        <Suspense fallback={null}>
          <UserNavMenus
            user={user}
            primary={primary}
            account={account}
            unsubscribed={unsubscribed}
            menuAnchor={menuAnchor}
            onCloseMenu={() => setMenuAnchor(null)}
            drawerOpen={drawerOpen}
            onCloseDrawer={() => setDrawerOpen(false)}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
