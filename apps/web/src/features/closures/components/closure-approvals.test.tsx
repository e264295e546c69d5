import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../config/constants';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply, type MockRequest } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makeClosure } from '../testing/closure-factory';
import { CaseClosuresTab } from './case-closures-tab';
import { ClosureApprovalsPage } from './closure-approvals-page';

const counts = { all: 7, pending: 2, approved: 3, rejected: 1, completed: 1 };

const setup = (role: Role = 'branch_admin', page: 'tab' | 'admin' = 'tab') => {
  signIn();
  const pendingOne = makeClosure({
    id: 1,
    document: { id: 42, title: 'Eviction: Mokoena v Dlamini', case_number: '2025/123', status: 'served' },
  });
  const pendingTwo = makeClosure({
    id: 2,
    document_id: 43,
    document: { id: 43, title: '', case_number: null, status: 'served' },
    closure_reason: '',
    closed_by_user: null,
    closed_by_user_id: 55,
  });
  let decided = false;
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 7, role })),
    'GET /case-closure': (req: MockRequest) => {
      const status = req.url.searchParams.get('status');
      const rows =
        status === 'pending'
          ? decided
            ? [pendingTwo]
            : [pendingOne, pendingTwo]
          : [makeClosure({ id: 9, closure_status: 'approved' })];
      return reply(200, { closures: rows, total: rows.length, skip: 0, limit: 10, counts });
    },
    'PUT /case-closure/1/approve': () => {
      decided = true;
      return reply(200, {
        status: 'success',
        data: { ...pendingOne, closure_status: 'rejected' },
        message: 'Case closure rejected',
      });
    },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(page === 'tab' ? <CaseClosuresTab /> : <ClosureApprovalsPage />);
  return { ...api, user };
};

afterEach(() => vi.restoreAllMocks());

describe('Case Closure Approvals', () => {
  it('shows each closure as a card on phones, its Approve and Reject in view', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: media.includes('max-width'),
          media,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    setup();
    const list = await screen.findByRole('list', { name: 'Case closures' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Eviction: Mokoena v Dlamini')).toBeInTheDocument();
    expect(within(first!).getByText('Requested By')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('lists pending closures by default with stat cards, fallbacks and 10 rows per page', async () => {
    const { find } = setup();
    expect(screen.getByText('Review and approve case closure requests from your team.')).toBeInTheDocument();
    expect(await screen.findByText('Eviction: Mokoena v Dlamini', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(find('GET', '/case-closure/')[0]?.url.searchParams.get('status')).toBe('pending');
    expect(find('GET', '/case-closure/')[0]?.url.searchParams.get('limit')).toBe('10');
    expect(screen.getByText('Total Closures').previousSibling).toHaveTextContent('7');
    expect(screen.getAllByText('Pending Approval')[0]!.previousSibling).toHaveTextContent('2');
    expect(screen.getByText('#2025/123')).toBeInTheDocument();
    expect(screen.getByText('Untitled')).toBeInTheDocument();
    expect(screen.getByText('No case number')).toBeInTheDocument();
    expect(screen.getByText('No reason provided')).toBeInTheDocument();
    expect(screen.getByText('User 55')).toBeInTheDocument();
    expect(screen.getAllByText('05/03/2025 10:30')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'View Case' })[0]).toHaveAttribute(
      'href',
      '/app/dashboard/active-case/42',
    );
  });

  it('rejects after the confirmation and shows "Case closure rejected"', async () => {
    const { user, find } = setup();
    await screen.findByText('Eviction: Mokoena v Dlamini', {}, { timeout: 5000 });
    const row = screen.getByText('Eviction: Mokoena v Dlamini').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Case Closure' });
    expect(within(dialog).getByText('Service completed successfully')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/reason for rejection/i));
    await user.paste('Summary incomplete');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Case closure rejected')).toBeInTheDocument();
    expect(find('PUT', '/case-closure/1/approve')[0]?.body).toEqual({
      approved: false,
      approval_notes: 'Summary incomplete',
    });
    await waitFor(() => expect(screen.queryByText('Eviction: Mokoena v Dlamini')).not.toBeInTheDocument());
  });

  it('filters by status', async () => {
    const { user, find } = setup();
    await screen.findByText('Eviction: Mokoena v Dlamini', {}, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All' }));
    await waitFor(() =>
      expect(find('GET', '/case-closure/').some((c) => !c.url.searchParams.has('status'))).toBe(true),
    );
  });

  it('tells a role that cannot approve: "You don\'t have permission to approve case closures."', async () => {
    setup('legal_practitioner');
    expect(
      await screen.findByText("You don't have permission to approve case closures."),
    ).toBeInTheDocument();
  });

  it('shows the system administrator every firm with a breadcrumb', async () => {
    setup('system_admin', 'admin');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      /Admin.*Case Closure Approvals/,
    );
    expect(await screen.findByText('Eviction: Mokoena v Dlamini', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Firm' })).toBeInTheDocument();
    expect(screen.getAllByText('Demo Attorneys Inc.').length).toBeGreaterThan(0);
  });
});
