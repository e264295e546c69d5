import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addCalendarDays } from '@lexserve/contracts/court-days';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { saDate, saToday } from '../due-dates';
import { CaseDeadlinesPanel } from './case-deadlines-panel';

const today = saToday();
const RULE = {
  key: 'rule:7:uniform_19_1',
  id: null,
  name: 'Notice of intention to defend',
  due_date: addCalendarDays(today, 10),
  rule: 'Uniform Rule 19(1)',
  source: 'rule',
  court_days: 10,
  service_date: '2026-12-14',
  note: 'Against the State the time is at least 20 days.',
  created_by_name: null,
};
const FIRM = {
  ...RULE,
  key: 'firm:3',
  id: 3,
  name: 'Call the client',
  due_date: today,
  rule: null,
  source: 'firm',
  court_days: null,
  service_date: null,
  note: null,
  created_by_name: 'Aisha Patel',
};

const setup = (canChange: boolean, handlers: Record<string, unknown> = {}) => {
  signIn();
  let list = [RULE, FIRM];
  const api = mockApi({
    'GET /documents/7/deadlines': () => reply(200, { deadlines: list }),
    'POST /documents/7/deadlines': (req) => {
      const body = req.body as { name: string; due_date: string };
      const added = { ...FIRM, key: 'firm:4', id: 4, name: body.name, due_date: body.due_date };
      list = [...list, added];
      return reply(201, added);
    },
    'DELETE /documents/7/deadlines/3': () => {
      list = list.filter((d) => d.id !== 3);
      return reply(200, { message: 'Deadline removed' });
    },
    ...(handlers as Record<string, never>),
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<CaseDeadlinesPanel documentId={7} canChange={canChange} />);
  return { api, user };
};

describe('CaseDeadlinesPanel', () => {
  it('lists the rule’s deadline with its rule and count, and the firm’s own, with how near each is', async () => {
    setup(false);
    const list = await screen.findByRole('list', { name: 'Deadlines of this case' });
    expect(within(list).getByText('Notice of intention to defend')).toBeInTheDocument();
    expect(
      within(list).getByText(`Uniform Rule 19(1) · 10 court days from service on 14/12/2026`),
    ).toBeInTheDocument();
    expect(within(list).getByText(`Due ${saDate(RULE.due_date)}`)).toBeInTheDocument();
    expect(within(list).getByText('Due today')).toBeInTheDocument();
    expect(within(list).getByText('Added by the firm (Aisha Patel)')).toBeInTheDocument();
    // A sheriff or a closed case: no form, no remove.
    expect(screen.queryByRole('form', { name: 'Add a deadline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove deadline/ })).not.toBeInTheDocument();
  });

  it('adds the firm’s deadline and shows it', async () => {
    const { api, user } = setup(true);
    await screen.findByText('Notice of intention to defend');
    await user.type(screen.getByLabelText('Deadline'), 'File heads of argument');
    await user.type(screen.getByLabelText('Due date'), '2027-02-10');
    await user.click(screen.getByRole('button', { name: 'Add deadline' }));
    expect(await screen.findByText('File heads of argument')).toBeInTheDocument();
    expect(api.find('POST', '/documents/7/deadlines')[0]!.body).toEqual({
      name: 'File heads of argument',
      due_date: '2027-02-10',
    });
    expect(screen.getByLabelText('Deadline')).toHaveValue('');
  });

  it('says what is missing before sending anything', async () => {
    const { api, user } = setup(true);
    await screen.findByText('Notice of intention to defend');
    await user.click(screen.getByRole('button', { name: 'Add deadline' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Due date must be a date written YYYY-MM-DD')).toBeInTheDocument();
    expect(api.find('POST', '/documents/7/deadlines')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const { user } = setup(true, {
      'POST /documents/7/deadlines': reply(403, {
        detail: 'Only the firm that owns the case can add or remove its deadlines.',
        code: 'DEADLINE_FORBIDDEN',
      }),
    });
    await screen.findByText('Notice of intention to defend');
    await user.type(screen.getByLabelText('Deadline'), 'x');
    await user.type(screen.getByLabelText('Due date'), '2027-02-10');
    await user.click(screen.getByRole('button', { name: 'Add deadline' }));
    expect(
      await screen.findByText('Only the firm that owns the case can add or remove its deadlines.'),
    ).toBeInTheDocument();
  });

  it('removes the firm’s own deadline after confirming; the rule’s cannot be removed', async () => {
    const { api, user } = setup(true);
    await screen.findByText('Call the client');
    expect(screen.getAllByRole('button', { name: /Remove deadline/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove deadline Call the client' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Call the client')).not.toBeInTheDocument());
    expect(api.find('DELETE', '/documents/7/deadlines/3')).toHaveLength(1);
  });
});
