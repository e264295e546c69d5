import { Suspense, lazy, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../components/brand-logo';
import { DemoInstallationNote } from '../../components/demo-notice';
import { PageLoader } from '../../components/page-loader';
import { ButtonLink } from '../../components/plain/button';
import { Icon } from '../../components/plain/icon';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { paths } from '../../config/paths';
import { useHasSession } from '../../lib/auth';
import { useServerMetaSettled } from '../../lib/server-meta';
import './public-layout.css';

const PublicMenuDrawer = lazy(async () => ({
  default: (await import('./public-menu-drawer')).PublicMenuDrawer,
}));

const LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Plans', to: paths.plans },
  { label: 'Verify Document', to: paths.verify },
];

/** The public top bar (spec 2.1): marketing links, and login / sign-up or a way into the app. Plain HTML and CSS. */
function PublicTopBar() {
  const signedIn = useHasSession();
  const [open, setOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <header className="ls-topbar">
      <div className="ls-container ls-container--lg">
        <div className="ls-topbar__bar">
          <BrandLogo inverse />
          <nav aria-label="Main" className="ls-topbar__nav">
            {LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end className="ls-btn ls-btn--text ls-barlink">
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ls-topbar__spacer" />
          <div className="ls-topbar__account">
            {signedIn ? (
              <ButtonLink to={paths.app.root} variant="contained" gold>
                Go to Dashboard
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to={paths.login} className="ls-topbar__login">
                  Log in
                </ButtonLink>
                <ButtonLink to={paths.signup} variant="contained" gold>
                  Sign up
                </ButtonLink>
              </>
            )}
          </div>
          <button
            type="button"
            className="ls-icon-btn ls-topbar__menu"
            aria-label="Open menu"
            aria-controls="public-menu"
            aria-expanded={open}
            onClick={() => {
              setMenuUsed(true);
              setOpen(true);
            }}
          >
            <Icon name="menu" />
          </button>
        </div>
      </div>
      {/* The phone menu's drawer is its own chunk, loaded when first opened (docs/performance.md). */}
      {menuUsed && (
        <Suspense fallback={null}>
          <PublicMenuDrawer links={LINKS} open={open} signedIn={signedIn} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

const FOOTER_LINKS = [
  { label: 'About', to: paths.about },
  { label: 'Plans', to: paths.plans },
  { label: 'Verify Document', to: paths.verify },
];

function PublicFooter() {
  // Shown once the server has said whether this is a demo installation, whose note adds a line (public-layout.css).
  const settled = useServerMetaSettled();
  return (
    <footer className={settled ? 'ls-footer' : 'ls-footer ls-footer--pending'}>
      <div className="ls-container ls-container--lg">
        <div className="ls-footer__row">
          <p className="ls-p ls-body2">
            © {new Date().getFullYear()} LexServe · Legal document service for South African law firms and
            sheriffs.
          </p>
          <nav aria-label="Footer" className="ls-footer__nav">
            {FOOTER_LINKS.map((link) => (
              <RouterLink key={link.to} to={link.to} className="ls-body2">
                {link.label}
              </RouterLink>
            ))}
          </nav>
        </div>
        <DemoInstallationNote />
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="ls-public">
      <PublicTopBar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="ls-public__main">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
