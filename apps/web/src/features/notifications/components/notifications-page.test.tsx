import type { Notification } from '@lexserve/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply, type MockRequest } from '../../../testing/api-server';
import {
  makeNotification,
  makeNotificationList,
  makeNotificationStats,
} from '../../../testing/notification-factories';
import { renderWithProviders, signIn } from '../../../testing/render';
import { NotificationsPage } from './notifications-page';

const me = makeUser({ id: 7, role: 'legal_practitioner' });

type Handlers = Parameters<typeof mockApi>[0];

/** The centre against a mocked API holding `items`; writes change `items` as the server would. */
function setup(items: Notification[], extra: Handlers = {}) {
  const state = { items };
  const handlers: Handlers = {
    'GET /users/me': reply(200, me),
    'GET /notifications/': () => reply(200, makeNotificationList(state.items)),
    'GET /notifications/stats': () => reply(200, makeNotificationStats(state.items)),
    'POST /notifications/mark-all-read': () => {
      const changed = state.items.filter((n) => !n.is_read).length;
      state.items = state.items.map((n) => ({ ...n, is_read: true }));
      return reply(200, {
        success: true,
        message: 'All notifications marked as read',
        updated_count: changed,
      });
    },
    'POST /notifications/bulk-mark-read': (req: MockRequest) => {
      const ids = (req.body as { notification_ids: string[] }).notification_ids;
      state.items = state.items.map((n) => (ids.includes(n.notification_id) ? { ...n, is_read: true } : n));
      return reply(200, {
        success: true,
        message: '',
        updated_count: ids.length,
        requested_count: ids.length,
        failed_ids: [],
      });
    },
    ...Object.fromEntries(
      items.flatMap((n) => [
        [
          `PUT /notifications/${n.notification_id}/read`,
          () => {
            const updated = { ...n, is_read: true, read_at: new Date().toISOString() };
            state.items = state.items.map((x) => (x.notification_id === n.notification_id ? updated : x));
            return reply(200, {
              success: true,
              message: 'Notification marked as read',
              notification: updated,
            });
          },
        ],
        [
          `PUT /notifications/${n.notification_id}/unread`,
          () => {
            const updated = { ...n, is_read: false, read_at: null };
            state.items = state.items.map((x) => (x.notification_id === n.notification_id ? updated : x));
            return reply(200, {
              success: true,
              message: 'Notification marked as unread',
              notification: updated,
            });
          },
        ],
      ]),
    ),
    ...extra,
  };
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(<NotificationsPage />, { route: '/app/notifications' });
  return { api, user, view, state };
}

const cards = () => screen.queryAllByTestId('notification-card');
const cardTitles = () => cards().map((c) => within(c).getByRole('heading').textContent);
/** A toast; they queue one at a time, so one after another may need to wait for the previous to hide. */
const toast = (text: string, timeout = 3000) => screen.findByText(text, {}, { timeout });

beforeEach(() => signIn());

describe('Notifications centre', () => {
  it('opens the case a notification is about, on the tab it is about, from the card and from both chips', async () => {
    const attempt = makeNotification({
      title: 'Service attempt recorded',
      message: 'The sheriff recorded a service attempt for Summons (case 2025/9): Not found (non est).',
      case_id: '2025/9',
      document_id: 43,
    });
    const { user, view, api } = setup([
      attempt,
      makeNotification({ title: 'Trial ending', notification_type: 'deadline_reminder' }),
    ]);
    await screen.findByText('2 total, 2 unread');
    const [card, plain] = cards();
    const target = '/app/dashboard/active-case/43?tab=service';
    expect(within(card!).getByRole('link', { name: 'Case #2025/9' })).toHaveAttribute('href', target);
    expect(within(card!).getByRole('link', { name: 'Doc #43' })).toHaveAttribute('href', target);
    // A notification about no case links nowhere.
    expect(within(plain!).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(card!).getByRole('link', { name: 'Service attempt recorded' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/app/dashboard/active-case/43'));
    expect(view.router.state.location.search).toBe('?tab=service');
    expect(api.find('PUT', `/notifications/${attempt.notification_id}/read`)).toHaveLength(1);
  });

  const sample = () => [
    makeNotification({
      title: 'Sheriff assigned',
      message: 'Summons for case 2025/1 was assigned to you.',
      notification_type: 'assignment_notification',
      case_id: '2025/1',
      document_id: 42,
    }),
    makeNotification({
      title: 'Document served',
      message: 'The summons was served.',
      notification_type: 'completion_notification',
      is_read: true,
    }),
    makeNotification({
      title: 'Trial ending',
      message: 'Choose a plan',
      notification_type: 'deadline_reminder',
      created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      notification_created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    }),
  ];

  it('shows a loading state, then the header counts, the chips and the cards', async () => {
    setup(sample());
    expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
    expect(await screen.findByText('3 total, 2 unread')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
    expect(screen.getByText('Unread: 2')).toBeInTheDocument();
    expect(screen.getByText('Read: 1')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Sheriff assigned', 'Document served', 'Trial ending']);

    const first = cards()[0]!;
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(first).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(first).getByText('Assignment')).toBeInTheDocument();
    expect(within(first).getByText('Case #2025/1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Doc #42' })).toHaveAttribute(
      'href',
      '/app/dashboard/active-case/42',
    );
    expect(within(first).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(cards()[1]!).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    expect(within(cards()[2]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeInTheDocument();
  });

  it('shows the empty state, and no Mark All Read, without notifications', async () => {
    setup([]);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText("You'll see notifications here when you receive them")).toBeInTheDocument();
    expect(screen.getByText('0 total, 0 unread')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
  });

  it('filters the loaded list by search, type and status without asking the server, and clears with a toast', async () => {
    const { api, user } = setup(sample());
    await screen.findByText('3 total, 2 unread');

    await user.type(screen.getByLabelText('Search notifications'), 'SUMMONS');
    expect(cardTitles()).toEqual(['Sheriff assigned', 'Document served']);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Read' }));
    expect(cardTitles()).toEqual(['Document served']);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Deadline' }));
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No notifications match your filters')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await toast('Filters cleared')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(screen.getByLabelText('Search notifications')).toHaveValue('');
    // One load; the filters never reached the server.
    expect(api.find('GET', '/notifications/')).toHaveLength(1);
    expect(api.find('GET', '/notifications/')[0]!.url.search).toBe('?skip=0&limit=50');
  });

  it('offers Show Unread Only, Show Read Only, Show All and Clear All Filters in the filter menu', async () => {
    const { user } = setup(sample());
    await screen.findByText('3 total, 2 unread');
    const choose = async (item: string) => {
      await user.click(screen.getByRole('button', { name: 'Filter options' }));
      await user.click(screen.getByRole('menuitem', { name: item }));
    };
    await choose('Show Unread Only');
    expect(cardTitles()).toEqual(['Sheriff assigned', 'Trial ending']);
    await choose('Show Read Only');
    expect(cardTitles()).toEqual(['Document served']);
    await choose('Show All');
    expect(cards()).toHaveLength(3);
    await choose('Show Read Only');
    await choose('Clear All Filters');
    expect(await toast('Filters cleared')).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
  });

  it(
    'marks one notification read and another unread, with the toasts and the counts following',
    { timeout: 30_000 },
    async () => {
      const items = sample();
      const { api, user } = setup(items);
      await screen.findByText('3 total, 2 unread');
      await user.click(screen.getByRole('button', { name: 'Mark as read: Sheriff assigned' }));
      expect(await toast('Notification marked as read')).toBeInTheDocument();
      expect(api.find('PUT', `/notifications/${items[0]!.notification_id}/read`)).toHaveLength(1);
      expect(screen.getByText('3 total, 1 unread')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Mark as unread: Sheriff assigned' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Mark as unread: Document served' }));
      expect(await toast('Notification marked as unread', 6000)).toBeInTheDocument();
      expect(screen.getByText('3 total, 2 unread')).toBeInTheDocument();
    },
  );

  it('says so when marking one read or unread fails', { timeout: 30_000 }, async () => {
    const items = sample();
    const { user } = setup(items, {
      [`PUT /notifications/${items[0]!.notification_id}/read`]: reply(500, { detail: 'boom' }),
      [`PUT /notifications/${items[1]!.notification_id}/unread`]: reply(404, {
        detail: 'Notification not found.',
      }),
    });
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('button', { name: 'Mark as read: Sheriff assigned' }));
    expect(await toast('Failed to mark notification as read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as unread: Document served' }));
    expect(await toast('Failed to mark notification as unread', 6000)).toBeInTheDocument();
    expect(screen.getByText('3 total, 2 unread')).toBeInTheDocument();
  });

  it('selects all, deselects all, and marks the selection read with the user id', async () => {
    const items = sample();
    const { api, user } = setup(items);
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Deselect All' }));
    expect(screen.queryByText('3 selected')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select notification: Sheriff assigned' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select notification: Trial ending' }));
    await user.click(screen.getByRole('button', { name: 'Mark Read' }));
    expect(await toast('2 notifications marked as read')).toBeInTheDocument();
    expect(api.find('POST', '/notifications/bulk-mark-read')[0]!.body).toEqual({
      user_id: 7,
      notification_ids: [items[0]!.notification_id, items[2]!.notification_id],
    });
    await waitFor(() => expect(screen.getByText('3 total, 0 unread')).toBeInTheDocument());
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('warns when nothing is selected, and reports a partial bulk action', { timeout: 30_000 }, async () => {
    const items = sample();
    const answer = reply(200, {
      success: false,
      message: '',
      updated_count: 1,
      requested_count: 2,
      failed_ids: [items[2]!.notification_id],
    });
    const { user } = setup(items, { 'POST /notifications/bulk-mark-read': () => answer });
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark Selected as Read' }));
    expect(await toast('No notifications selected')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mark Selected as Read' }));
    expect(await toast('Some notifications failed to be marked as read', 6000)).toBeInTheDocument();
  });

  it('says so when the bulk action fails', async () => {
    const { user } = setup(sample(), {
      'POST /notifications/bulk-mark-read': reply(500, { detail: 'boom' }),
    });
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Mark Read' }));
    expect(await toast('Failed to mark selected notifications as read')).toBeInTheDocument();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('marks all read: unread goes to 0, read to the total, and the button goes away', async () => {
    const { api, user } = setup(sample());
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(await toast('All notifications marked as read')).toBeInTheDocument();
    expect(api.find('POST', '/notifications/mark-all-read')).toHaveLength(1);
    expect(screen.getByText('3 total, 0 unread')).toBeInTheDocument();
    expect(screen.getByText('Read: 3')).toBeInTheDocument();
    expect(cards().every((c) => !c.hasAttribute('data-unread'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
  });

  it('says so when Mark All Read fails', async () => {
    const { user } = setup(sample(), { 'POST /notifications/mark-all-read': reply(500, { detail: 'boom' }) });
    await screen.findByText('3 total, 2 unread');
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(await toast('Failed to mark all notifications as read')).toBeInTheDocument();
    expect(screen.getByText('3 total, 2 unread')).toBeInTheDocument();
  });

  it(
    'refreshes with a banner and a toast, and says so when refreshing fails',
    { timeout: 30_000 },
    async () => {
      let fail = false;
      let release: (() => void) | undefined;
      const items = sample();
      const { user, api } = setup(items, {
        'GET /notifications/': async () => {
          if (api && api.find('GET', '/notifications/').length > 1)
            await new Promise<void>((r) => (release = r));
          return fail ? reply(500, { detail: 'boom' }) : reply(200, makeNotificationList(items));
        },
      });
      await screen.findByText('3 total, 2 unread');
      await user.click(screen.getByRole('button', { name: 'Refresh notifications' }));
      expect(await screen.findByText('Refreshing notifications...')).toBeInTheDocument();
      release?.();
      expect(await toast('Notifications refreshed')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Refreshing notifications...')).not.toBeInTheDocument());

      fail = true;
      await user.click(screen.getByRole('button', { name: 'Refresh notifications' }));
      await waitFor(() => release?.());
      expect(await toast('Failed to refresh notifications', 6000)).toBeInTheDocument();
    },
  );

  it('offers Mark All Read as a floating button on phones', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    try {
      const { user } = setup(sample());
      await screen.findByText('3 total, 2 unread');
      // The header keeps its button; phones get the floating one as well.
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Mark All Read' })).toHaveLength(2));
      const fab = screen
        .getAllByRole('button', { name: 'Mark All Read' })
        .find((b) => b.classList.contains('MuiFab-root'))!;
      expect(fab).toBeDefined();
      await user.click(fab);
      expect(await toast('All notifications marked as read')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
