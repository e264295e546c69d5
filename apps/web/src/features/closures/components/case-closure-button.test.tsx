import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../config/constants';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { CASE_CLOSURE_COMPLETED_EVENT } from '../api/closures';
import { makeClosure, makePrecheck } from '../testing/closure-factory';
import { CaseClosureButton } from './case-closure-button';

type Setup = {
  role: Role;
  status?: string;
  closure?: ReturnType<typeof makeClosure> | null;
  handlers?: Parameters<typeof mockApi>[0];
};

const setup = ({ role, status = 'served', closure = null, handlers = {} }: Setup) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 7, role })),
    'GET /case-closure/document/42/active': closure
      ? reply(200, closure)
      : reply(404, { detail: 'No case closure found for this case.' }),
    'GET /case-closure/precheck/42': reply(200, makePrecheck({ document_status: status })),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  const onMessage = vi.fn();
  const view = renderWithProviders(
    <CaseClosureButton documentId={42} documentStatus={status} onMessage={onMessage} />,
    {
      route: '/app/dashboard/active-case/42',
      extraRoutes: [{ path: '/app/dashboard', element: <p>Dashboard page</p> }],
    },
  );
  return { ...api, ...view, user, onMessage };
};

describe('CaseClosureButton', () => {
  it('offers a firm administrator the menu: Request Case Closure or Close Case Directly', async () => {
    const { user } = setup({ role: 'firm_admin' });
    const button = await screen.findByRole('button', { name: 'Close Case' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Request Case Closure' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Close Case Directly' }));
    expect(await screen.findByRole('dialog', { name: 'Close Case Directly' })).toBeInTheDocument();
    expect(screen.getByText(/bypasses the approval workflow/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close Case Now' })).toBeDisabled();
    // No complaint before the person has done anything.
    expect(screen.queryByText('A reason is required.')).not.toBeInTheDocument();
  });

  it('shows a legal practitioner "Request Case Closure" and opens the request dialog', async () => {
    const { user } = setup({ role: 'legal_practitioner' });
    const button = await screen.findByRole('button', { name: 'Request Case Closure' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Request Case Closure' })).toBeInTheDocument();
  });

  it('shows the pending chip and a disabled "Closure Pending Approval" to a legal practitioner', async () => {
    setup({ role: 'legal_practitioner', closure: makeClosure({ closure_status: 'pending' }) });
    expect(
      await screen.findByRole('button', { name: 'Closure Pending Approval' }, { timeout: 5000 }),
    ).toBeDisabled();
    expect(screen.getByText('Pending Approval')).toBeInTheDocument();
  });

  it('lets a branch administrator approve from the button, after seeing the details', async () => {
    const closure = makeClosure({ closure_status: 'pending' });
    const { user, find, onMessage } = setup({
      role: 'branch_admin',
      closure,
      handlers: {
        [`PUT /case-closure/${closure.id}/approve`]: reply(200, {
          status: 'success',
          data: { ...closure, closure_status: 'approved' },
          message: 'Case closure approved',
        }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Approve Closure' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Aisha Patel')).toBeInTheDocument();
    expect(screen.getByText('#2025/123')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('Case closure approved', 'success'));
    expect(find('PUT', `/case-closure/${closure.id}/approve`)[0]?.body).toEqual({
      approved: true,
      approval_notes: null,
    });
  });

  it('completes an approved closure, raises case-closure:completed and goes to the dashboard after 200 ms', async () => {
    const closure = makeClosure({ closure_status: 'approved' });
    const completed = vi.fn();
    window.addEventListener(CASE_CLOSURE_COMPLETED_EVENT, completed);
    const { user, router, onMessage } = setup({
      role: 'legal_practitioner',
      closure,
      handlers: {
        [`PUT /case-closure/${closure.id}/complete`]: reply(200, {
          status: 'success',
          data: { ...closure, closure_status: 'completed' },
          message: 'Case closure completed successfully',
        }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Complete Case Closure' }, { timeout: 5000 });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Complete Closure' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith('Case closure completed successfully', 'success'),
    );
    expect(completed).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/app/dashboard/active-case/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
    window.removeEventListener(CASE_CLOSURE_COMPLETED_EVENT, completed);
  });

  it('reads "Case Closed" (disabled) on a completed case, and "Case Closure (Served Only)" on a received one', async () => {
    setup({ role: 'firm_admin', status: 'completed', closure: makeClosure({ closure_status: 'completed' }) });
    expect(await screen.findByRole('button', { name: 'Case Closed' }, { timeout: 5000 })).toBeDisabled();
  });

  it('reads "Case Closure (Served Only)" on a received case', async () => {
    setup({ role: 'branch_admin', status: 'received' });
    expect(
      await screen.findByRole('button', { name: 'Case Closure (Served Only)' }, { timeout: 5000 }),
    ).toBeDisabled();
  });
});
