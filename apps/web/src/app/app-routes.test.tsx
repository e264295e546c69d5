import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../config/constants';
import { makeCase } from '../testing/case-factories';
import { makeFirmOverview, makeSubscription, makeUser } from '../testing/factories';
import { mockApi, reply } from '../testing/api-server';
import { setSessionEndReason } from '../lib/session-store';
import { renderApp, signIn } from '../testing/render';
import { returnPathFrom } from './routes/login';

type Options = { role?: Role; subscription?: Record<string, unknown> | null };

const signedInAs = ({ role = 'firm_admin', subscription = makeSubscription() }: Options = {}) => {
  signIn();
  return mockApi({
    'GET /users/me': reply(200, makeUser({ id: 1, role, full_name: 'Test User' })),
    'GET /subscriptions/my-subscription': subscription
      ? reply(200, subscription)
      : reply(404, { detail: 'No subscription found.' }),
    'GET /users/firm-branches-with-users': reply(200, makeFirmOverview()),
  });
};

const pathOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;

describe('redirects of spec 2.1', () => {
  it('sends visitors of unknown paths and of /app to the login page', async () => {
    mockApi({});
    const unknown = renderApp('/no-such-page');
    await waitFor(() => expect(pathOf(unknown.router)).toBe('/login'));
    unknown.unmount();
    const app = renderApp('/app/dashboard');
    await waitFor(() => expect(pathOf(app.router)).toBe('/login'));
  });

  it('sends a logged-in user from an unknown path to the dashboard', async () => {
    signedInAs();
    const { router } = renderApp('/somewhere/else');
    await waitFor(() => expect(pathOf(router)).toBe('/app/dashboard'));
  });

  it('/dashboard goes to /app/dashboard keeping the tab', async () => {
    signedInAs();
    const { router } = renderApp('/dashboard?tab=my-cases');
    await waitFor(() => expect(pathOf(router)).toBe('/app/dashboard'));
    expect(router.state.location.search).toBe('?tab=my-cases');
  });

  it('/app and /admin go to /app/admin for system_admin', async () => {
    signedInAs({ role: 'system_admin' });
    const app = renderApp('/app');
    await waitFor(() => expect(pathOf(app.router)).toBe('/app/admin'));
    app.unmount();
    const admin = renderApp('/admin');
    await waitFor(() => expect(pathOf(admin.router)).toBe('/app/admin'));
  });

  it('/admin and /app/admin go to /app/dashboard for other roles', async () => {
    signedInAs({ role: 'sheriff' });
    const admin = renderApp('/admin');
    await waitFor(() => expect(pathOf(admin.router)).toBe('/app/dashboard'));
    admin.unmount();
    const portal = renderApp('/app/admin/firms');
    await waitFor(() => expect(pathOf(portal.router)).toBe('/app/dashboard'));
  });

  it('/plans goes to /app/plans when logged in and shows the plans page otherwise', async () => {
    mockApi({});
    const visitor = renderApp('/plans');
    // The public top bar renders and the visitor stays on /plans (the page itself belongs to the plans feature).
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(pathOf(visitor.router)).toBe('/plans');
    visitor.unmount();
    signedInAs({ subscription: null });
    const member = renderApp('/plans');
    await waitFor(() => expect(pathOf(member.router)).toBe('/app/plans'));
  });

  it('a system_admin reaching the dashboard is redirected to /app/admin', async () => {
    signedInAs({ role: 'system_admin' });
    const { router } = renderApp('/app/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/app/admin'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('subscription gate (spec 4.1)', () => {
  it('sends a firm role without a subscription (404) to /app/plans and shows the banner', async () => {
    signedInAs({ role: 'legal_practitioner', subscription: null });
    const { router } = renderApp('/app/dashboard');
    await waitFor(() => expect(pathOf(router)).toBe('/app/plans'));
    expect(await screen.findByText('Choose Your Subscription Plan')).toBeInTheDocument();
    expect(screen.getAllByText('Subscription Required').length).toBeGreaterThan(0);
  });

  it('says once on My Plan that a subscription is needed (one banner, not two stacked)', async () => {
    signedInAs({ role: 'firm_admin', subscription: null });
    renderApp('/app/my-plan');
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.getByText('Choose Your Subscription Plan')).toBeInTheDocument();
    expect(screen.getAllByText(/needs an active subscription/)).toHaveLength(1);
  });

  it('sends a firm role whose trial has ended to /app/plans', async () => {
    signedInAs({
      role: 'branch_admin',
      subscription: makeSubscription({ status: 'trial', trial_end_date: '2020-01-01T00:00:00Z' }),
    });
    const { router } = renderApp('/app/account');
    await waitFor(() => expect(pathOf(router)).toBe('/app/plans'));
  });

  it.each(['/app/my-plan', '/app/plans', '/app/payment/success', '/app/payment/cancel', '/app/profile'])(
    'lets a firm role without a subscription open %s',
    async (path) => {
      signedInAs({ subscription: null });
      const { router } = renderApp(path);
      await screen.findByText('Choose Your Subscription Plan');
      expect(pathOf(router)).toBe(path);
    },
  );

  it('lets sheriffs in without a subscription', async () => {
    const { find } = signedInAs({ role: 'sheriff', subscription: null });
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'My Cases' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/app/dashboard');
    expect(find('GET', '/subscriptions/my-subscription')).toHaveLength(0);
  });

  it('lets a firm role with an active subscription in', async () => {
    signedInAs({ role: 'firm_admin' });
    const { router } = renderApp('/app/dashboard');
    expect(await screen.findByRole('tab', { name: 'User Management' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/app/dashboard');
    expect(screen.queryByText('Subscription Required')).not.toBeInTheDocument();
  });
});

describe('after an inactivity logout', () => {
  it('keeps the page the user was on, so logging in again returns there', async () => {
    mockApi({});
    setSessionEndReason('inactive');
    try {
      const app = renderApp('/app/dashboard/active-case/7?tab=timeline');
      await waitFor(() => expect(pathOf(app.router)).toBe('/login'));
      expect(app.router.state.location.search).toBe('?reason=session_expired');
      expect(returnPathFrom(app.router.state.location.state as never)).toBe(
        '/app/dashboard/active-case/7?tab=timeline',
      );
    } finally {
      setSessionEndReason(null);
    }
  });
});

describe('dashboard tabs per role (spec 2.7)', () => {
  it.each<[Role, string[]]>([
    ['firm_admin', ['New Matters', 'My Cases', 'Case Closures', 'User Management']],
    ['branch_admin', ['New Matters', 'My Cases', 'Case Closures']],
    ['legal_practitioner', ['New Matters', 'My Cases']],
  ])('%s sees %j', async (role, tabs) => {
    signedInAs({ role });
    renderApp('/app/dashboard');
    const tablist = await screen.findByRole('tablist', { name: 'Dashboard sections' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(tabs);
  });

  it('lands a sheriff on My Cases, Active Cases, with no strip of sections: a sheriff makes no matters', async () => {
    signedInAs({ role: 'sheriff' });
    renderApp('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'My Cases' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Dashboard sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'New Matters' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('tab', { name: /Active Cases/, selected: true }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('sends a sheriff asking for New Matters to My Cases', async () => {
    signedInAs({ role: 'sheriff' });
    renderApp('/app/dashboard?tab=new-matters');
    expect(await screen.findByRole('heading', { name: 'My Cases' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'New Matters' })).not.toBeInTheDocument();
  });

  it('opens the tab of the query', async () => {
    signedInAs({ role: 'firm_admin' });
    renderApp('/app/dashboard?tab=user-management');
    expect(await screen.findByRole('tab', { name: 'User Management', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  });

  it.each([
    ['legal_practitioner', 'user-management'],
    ['branch_admin', 'user-management'],
    ['legal_practitioner', 'case-closures'],
    ['firm_admin', 'nonsense'],
  ] as [Role, string][])('%s asking for %s falls back to new-matters', async (role, tab) => {
    signedInAs({ role });
    renderApp(`/app/dashboard?tab=${tab}`);
    expect(await screen.findByRole('tab', { name: 'New Matters', selected: true })).toBeInTheDocument();
  });
});

describe('the case page per role: no control a role can never use', () => {
  const openCase = (role: Role) => {
    signIn();
    mockApi({
      'GET /users/me': reply(200, makeUser({ id: 1, role, full_name: 'Test User' })),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
      'GET /documents/7': reply(200, makeCase()),
      'GET /documents/7/files': reply(200, { files: [], total: 0, total_size: 0 }),
    });
    return renderApp('/app/dashboard/active-case/7');
  };

  it('gives a sheriff no Case Closure tab and no closure button: a sheriff never closes a case', async () => {
    openCase('sheriff');
    expect(
      await screen.findByRole('heading', { name: 'Plea in Mokoena v Acme' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Case sections' });
    expect(within(tabs).getByRole('tab', { name: 'Service' })).toBeInTheDocument();
    expect(within(tabs).queryByRole('tab', { name: 'Case Closure' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Case Closure|Close Case/ })).not.toBeInTheDocument();
  });

  it('gives a legal practitioner the Case Closure tab', async () => {
    openCase('legal_practitioner');
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' }, { timeout: 8000 });
    expect(await within(tabs).findByRole('tab', { name: 'Case Closure' })).toBeInTheDocument();
  });
});
