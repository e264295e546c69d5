import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardFeedbackProvider, type DashboardFeedback } from '../../../components/dashboard-feedback';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply, type MockRequest } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { belongsTo, type MyCasesSubtab } from '../utils/document-display';
import { RESUME_STORAGE_KEY } from '../utils/wizard-rules';
import { MyCasesTab } from './my-cases-tab';

const base = {
  document_type: 'summons_simple',
  document_type_label: 'Summons Simple',
  case_category: 'Pleadings',
  client_name: 'Aisha Patel',
  firm: null,
  assigned_branch: null,
  assigned_sheriff: null,
  created_by: { id: 5, full_name: 'Aisha Patel', email: 'attorney@demo.co.za' },
  created_by_id: 5,
  file_name: 'summons.pdf',
  file_size: 2048,
  file_count: 1,
  is_revoked: false,
  draft_metadata: null,
  parsed_draft_metadata: null,
  created_at: '2025-05-01T08:00:00Z',
  updated_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
};

const DOCS = [
  {
    ...base,
    id: 1,
    title: 'Urgent draft',
    case_number: '2025-1',
    case_priority: 'urgent',
    status: 'draft',
    status_enum: 'draft',
  },
  {
    ...base,
    id: 2,
    title: 'Served matter',
    case_number: '2025-2',
    case_priority: 'high_profile',
    status: 'served',
    status_enum: 'served',
  },
  {
    ...base,
    id: 3,
    title: 'Closed matter',
    case_number: '2025-3',
    case_priority: null,
    status: 'completed',
    status_enum: 'completed',
  },
];

/** The server's My Cases answer for the query (sub-tab, search, page) over DOCS, as GET /documents gives it. */
const serverList = ({ url }: MockRequest) => {
  const q = url.searchParams;
  const search = (q.get('search') ?? '').toLowerCase();
  const matching = DOCS.filter(
    (d) => !search || `${d.title} ${d.case_number} ${d.client_name}`.toLowerCase().includes(search),
  );
  const of = (tab: MyCasesSubtab) => matching.filter((d) => belongsTo(d as never, tab));
  const list = of((q.get('subtab') ?? 'urgent') as MyCasesSubtab);
  const skip = Number(q.get('skip') ?? 0);
  const counts = {
    urgent: of('urgent').length,
    active: of('active').length,
    closed: of('closed').length,
    drafts: of('drafts').length,
  };
  return reply(200, {
    documents: list.slice(skip, skip + Number(q.get('limit') ?? 500)),
    total: list.length,
    counts,
    count_limit: 1000,
  });
};

const setup = ({
  route = '/app/dashboard?tab=my-cases',
  subtab = null as string | null,
  role = 'legal_practitioner' as const,
  handlers = {},
  dueCell = undefined as ((doc: { id: number }) => ReactNode) | undefined,
} = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, makeUser({ id: 5, role })),
    'GET /documents': serverList,
    ...handlers,
  });
  const feedback: DashboardFeedback = {
    showLoading: vi.fn(),
    hideLoading: vi.fn(),
    showSuccess: vi.fn(),
    showError: vi.fn(),
  };
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <DashboardFeedbackProvider value={feedback}>
      <MyCasesTab subtab={subtab} dueCell={dueCell} />
    </DashboardFeedbackProvider>,
    { route },
  );
  return { ...api, ...view, feedback, user };
};

const table = () => screen.findByRole('table', {}, { timeout: 8000 });

describe('My Cases', () => {
  it('loads the branch list for a legal practitioner and opens on Urgent Matters', async () => {
    const { find } = setup();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Urgent draft');
    expect(screen.getByRole('tab', { name: /Urgent Matters/, selected: true })).toBeInTheDocument();
    const query = find('GET', '/documents/')[0]?.url.searchParams;
    expect(query?.get('my_branch_only')).toBe('true');
    expect(query?.get('assigned_to_me')).toBe('false');
    // The sub-tab, the page and the counts are the server's.
    expect(query?.get('subtab')).toBe('urgent');
    expect(query?.get('skip')).toBe('0');
    expect(query?.get('limit')).toBe('25');
    expect(screen.getByRole('tab', { name: /Closed Cases/ })).toHaveTextContent('1');
    expect(screen.getByText('My Cases')).toBeInTheDocument();
    expect(screen.getByText('View and manage all your cases and documents')).toBeInTheDocument();
  });

  it('shows the "Due" column the route composes, except in Drafts', async () => {
    setup({ subtab: 'active', dueCell: (doc) => <span>{`due-of-${doc.id}`}</span> });
    const grid = await table();
    expect(within(grid).getByRole('columnheader', { name: 'Due' })).toBeInTheDocument();
    expect(within(grid).getByText('Served matter').closest('tr')).toHaveTextContent('due-of-2');
  });

  it('leaves the "Due" column out of Drafts and when the route gives none', async () => {
    setup({ subtab: 'drafts', dueCell: (doc) => <span>{`due-of-${doc.id}`}</span> });
    const grid = await table();
    expect(within(grid).queryByRole('columnheader', { name: 'Due' })).not.toBeInTheDocument();
    expect(within(grid).queryByText(/due-of-/)).not.toBeInTheDocument();
  });

  it('loads assigned documents for other roles', async () => {
    const { find } = setup({ role: 'sheriff' as never, subtab: 'active' });
    await table();
    expect(find('GET', '/documents/')[0]?.url.searchParams.get('assigned_to_me')).toBe('true');
  });

  it('gives a sheriff no Drafts tab: a drafts link opens Active Cases', async () => {
    setup({ role: 'sheriff' as never, subtab: 'drafts' });
    await table();
    expect(screen.getByRole('tab', { name: /Active Cases/, selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Drafts/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Closed Cases/ })).toBeInTheDocument();
  });

  it('shows progress, last saved, Resume and Delete in Drafts, and the priority elsewhere', async () => {
    setup({ subtab: 'drafts' });
    const row = within(await table()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Last saved: 3 hours ago');
    expect(row).toHaveTextContent('40%');
    expect(within(row).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('forces Drafts while resuming and falls back to Urgent for an unknown sub-tab', async () => {
    const resuming = setup({ subtab: 'active', route: '/app/dashboard?tab=my-cases&subtab=active&resume=1' });
    await table();
    expect(screen.getByRole('tab', { name: /Drafts/, selected: true })).toBeInTheDocument();
    resuming.unmount();
    setup({ subtab: 'everything' });
    await table();
    expect(screen.getByRole('tab', { name: /Urgent Matters/, selected: true })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    setup({ subtab: 'drafts', handlers: { 'GET /documents': reply(200, { documents: [], total: 0 }) } });
    expect(await screen.findByText('No Drafts found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Start a new matter to create your first draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start New Matter' })).toHaveAttribute(
      'href',
      '/app/dashboard?tab=new-matters',
    );
  });

  it('shows the other empty state and the load error', async () => {
    const empty = setup({
      subtab: 'closed',
      handlers: { 'GET /documents': reply(200, { documents: [], total: 0 }) },
    });
    expect(await screen.findByText('No Closed Cases found', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Your cases will appear here once they match this category')).toBeInTheDocument();
    empty.unmount();
    setup({ handlers: { 'GET /documents': reply(500, { detail: 'x' }) } });
    expect(await screen.findByText('Failed to load documents', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('deletes a draft after the confirmation', async () => {
    const { user, feedback, find } = setup({
      subtab: 'drafts',
      handlers: { 'DELETE /documents/1': reply(200, { message: 'ok' }) },
    });
    const row = within(await table()).getAllByRole('row')[1]!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Draft Document' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the draft "Urgent draft"? This action cannot be undone and all your progress will be lost.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep Draft' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Draft' }));
    await waitFor(() =>
      expect(feedback.showSuccess).toHaveBeenCalledWith(
        'Draft "Urgent draft" has been deleted successfully.',
      ),
    );
    expect(feedback.showLoading).toHaveBeenCalledWith('Deleting draft "Urgent draft"...');
    expect(find('DELETE', '/documents/1')).toHaveLength(1);
  });

  it('opens the Resume Draft dialog and stores the resume record for the chosen step', async () => {
    const { user, router } = setup({
      subtab: 'drafts',
      handlers: { 'GET /documents/1': reply(200, DOCS[0]) },
    });
    const row = within(await table()).getAllByRole('row')[1]!;
    await user.click(within(row).getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume Draft' });
    expect(dialog).toHaveTextContent('40% Complete');
    expect(dialog).toHaveTextContent('Add parties involved (optional)');
    expect(dialog).toHaveTextContent('Recommended Next Step');
    await user.click(within(dialog).getByRole('button', { name: 'Resume from Step 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=new-matters&resume=1&step=3'));
    const record = JSON.parse(localStorage.getItem(RESUME_STORAGE_KEY) ?? '{}');
    expect(record).toMatchObject({ documentId: 1, currentStep: 3, hasExistingFile: true });
  });

  it('opens the Case Details dialog from a case number outside Active Cases', async () => {
    const { user } = setup({
      subtab: 'closed',
      handlers: {
        'GET /documents/3': reply(200, DOCS[2]),
        'GET /documents/3/parties': reply(200, { parties: [], total: 0 }),
      },
    });
    await user.click(within(await table()).getByRole('button', { name: /2025-3/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Case Details' });
    expect(dialog).toHaveTextContent('Filed By');
    expect(dialog).toHaveTextContent('Aisha Patel');
    expect(within(dialog).getByRole('button', { name: 'Download Proof of Service' })).toBeInTheDocument();
  });

  it('asks the server for the sub-tab chosen and for the search typed', async () => {
    const { user, find } = setup({ subtab: 'closed' });
    expect(within(await table()).getAllByRole('row')[1]).toHaveTextContent('Closed matter');
    expect(find('GET', '/documents/').at(-1)?.url.searchParams.get('subtab')).toBe('closed');
    await user.type(screen.getByRole('textbox', { name: 'Search cases' }), 'nothing like it');
    expect(await screen.findByText('No Closed Cases found', {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(find('GET', '/documents/').at(-1)?.url.searchParams.get('search')).toBe('nothing like it'),
    );
  });

  it('pages through a long sub-tab on the server', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...DOCS[2]!,
      id: 100 + i,
      title: `Closed ${i + 1}`,
      case_number: `C-${i + 1}`,
    }));
    const { user, find } = setup({
      subtab: 'closed',
      handlers: {
        'GET /documents': ({ url }: MockRequest) => {
          const skip = Number(url.searchParams.get('skip'));
          return reply(200, {
            documents: many.slice(skip, skip + 25),
            total: 30,
            counts: { urgent: 0, active: 0, closed: 30, drafts: 0 },
            count_limit: 1000,
          });
        },
      },
    });
    expect(within(await table()).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 1-25 of 30 cases')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26-30 of 30 cases', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(find('GET', '/documents/').at(-1)?.url.searchParams.get('skip')).toBe('25');
  });
});
