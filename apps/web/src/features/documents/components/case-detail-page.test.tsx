import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCase } from '../../../testing/case-factories';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/mock-api';
import { renderWithProviders, signIn } from '../../../testing/render';
import { CaseDetailPage } from './case-detail-page';

const setup = (doc = makeCase(), role: 'firm_admin' | 'legal_practitioner' | 'sheriff' = 'firm_admin') => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 5, role })),
    [`GET /documents/${doc.id}`]: reply(200, doc),
  });
  const view = renderWithProviders(<CaseDetailPage />, {
    route: `/app/dashboard/active-case/${doc.id}`,
    path: '/app/dashboard/active-case/:documentId',
    extraRoutes: [{ path: '/app/dashboard', element: <p>Dashboard page</p> }],
  });
  return { ...api, ...view };
};

afterEach(() => vi.restoreAllMocks());

describe('CaseDetailPage', () => {
  it('leaves for the dashboard after a closure without crashing, where window.scrollTo answers a promise (Chromium)', async () => {
    // Chromium's scroll methods now return a promise: an effect that returns it hands React a non-function clean-up.
    vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as never);
    const { router } = setup();
    expect(await screen.findByRole('heading', { name: 'Plea in Mokoena v Acme' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
    await act(() => router.navigate('/app/dashboard', { replace: true }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});
