import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCase } from '../../../testing/case-factories';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { CaseDetailPage } from './case-detail-page';

const setup = (
  doc = makeCase(),
  role: 'firm_admin' | 'legal_practitioner' | 'sheriff' = 'firm_admin',
  closureButton?: () => ReactNode,
  {
    tab = '',
    handlers = {},
    deadlinesPanel,
  }: {
    tab?: string;
    handlers?: Parameters<typeof mockApi>[0];
    deadlinesPanel?: (doc: { id: number }, canChange: boolean) => ReactNode;
  } = {},
) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 5, role })),
    [`GET /documents/${doc.id}`]: reply(200, doc),
    ...handlers,
  });
  const view = renderWithProviders(
    <CaseDetailPage
      sheriffCards={() => null}
      closureButton={closureButton}
      deadlinesPanel={deadlinesPanel}
    />,
    {
      route: `/app/dashboard/active-case/${doc.id}${tab ? `?tab=${tab}` : ''}`,
      path: '/app/dashboard/active-case/:documentId',
      extraRoutes: [{ path: '/app/dashboard', element: <p>Dashboard page</p> }],
    },
  );
  return { ...api, ...view };
};

afterEach(() => vi.restoreAllMocks());

describe('CaseDetailPage', () => {
  it('leaves for the dashboard after a closure without crashing, where window.scrollTo answers a promise (Chromium)', async () => {
    // Chromium's scroll methods now return a promise: an effect that returns it hands React a non-function clean-up.
    vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
    const { router } = setup();
    expect(
      await screen.findByRole('heading', { name: 'Plea in Mokoena v Acme' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
    await act(() => router.navigate('/app/dashboard', { replace: true }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('shows the deadlines panel the route composes; only the owning firm may change an open case’s deadlines', async () => {
    const panel = (doc: { id: number }, canChange: boolean) => (
      <p>{`deadlines of ${doc.id}: ${canChange ? 'editable' : 'read-only'}`}</p>
    );
    setup(makeCase(), 'firm_admin', undefined, { deadlinesPanel: panel });
    expect(await screen.findByText('deadlines of 7: editable', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('gives a closed case a read-only deadlines panel', async () => {
    const panel = (doc: { id: number }, canChange: boolean) => (
      <p>{`deadlines of ${doc.id}: ${canChange ? 'editable' : 'read-only'}`}</p>
    );
    setup(
      makeCase({ status: 'completed', status_enum: 'completed', status_label: 'Completed' }),
      'firm_admin',
      undefined,
      { deadlinesPanel: panel },
    );
    expect(await screen.findByText('deadlines of 7: read-only', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('leads back to the list the case is in: Closed Cases for a closed case', async () => {
    setup(makeCase({ status: 'completed', status_enum: 'completed', status_label: 'Completed' }));
    const back = await screen.findByRole('link', { name: 'Back to Closed Cases' }, { timeout: 5000 });
    expect(back).toHaveAttribute('href', '/app/dashboard?tab=my-cases&subtab=closed');
  });

  it('shows a revoked case as Revoked only, offers no closure, and ends the reason with one full stop', async () => {
    const doc = makeCase({
      is_revoked: true,
      revoked_at: '2025-05-03T08:00:00Z',
      revoke_reason: 'Served on the wrong address.',
    });
    setup(doc, 'firm_admin', () => <button type="button">Request Case Closure</button>);
    expect(await screen.findByRole('heading', { name: doc.title }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByText('Served')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Case Closure' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Active Cases' })).toBeInTheDocument();
    const alert = screen.getByText(/This document was revoked on/);
    expect(alert.textContent).toContain(': Served on the wrong address. Verification');
    expect(alert.textContent).not.toContain('..');
  });

  it('says who acted on the timeline in plain words: "Sheriff" for a sheriff, the firm for its people', async () => {
    const event = (id: number, performed_by: Record<string, unknown>, description: string) => ({
      id,
      document_id: 7,
      event_type: 'service_attempt',
      is_system_event: false,
      created_at: '2025-05-02T08:00:00Z',
      event_description: description,
      performed_by,
      event_metadata: {},
    });
    setup(makeCase(), 'firm_admin', undefined, {
      tab: 'timeline',
      handlers: {
        'GET /documents/7/timeline': reply(200, {
          events: [
            event(
              1,
              {
                id: 9,
                full_name: 'Sipho Ndlovu',
                email: 'sheriff@demo.co.za',
                firm_name: null,
                role: 'sheriff',
              },
              'Service attempt: not found',
            ),
            event(
              2,
              {
                id: 5,
                full_name: 'Aisha Patel',
                email: 'attorney@demo.co.za',
                firm_name: 'Demo Attorneys Inc.',
                role: 'legal_practitioner',
              },
              'Details changed: court',
            ),
          ],
          total: 2,
        }),
      },
    });
    expect(await screen.findByText('By Sipho Ndlovu (Sheriff)', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('By Aisha Patel (Demo Attorneys Inc.)')).toBeInTheDocument();
    expect(screen.queryByText(/Unknown Firm/)).not.toBeInTheDocument();
  });
});
