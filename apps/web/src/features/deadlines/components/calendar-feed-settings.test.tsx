import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { CalendarFeedSettings } from './calendar-feed-settings';

const URL_1 = 'https://app.lexserve.co.za/api/v1/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics';

const setup = (active: boolean) => {
  signIn();
  let state = { active, created_at: active ? '2026-11-01T08:00:00Z' : null };
  const api = mockApi({
    'GET /calendar/feed': () => reply(200, state),
    'POST /calendar/feed': () => {
      state = { active: true, created_at: '2026-11-24T10:00:00Z' };
      return reply(201, { url: URL_1, created_at: state.created_at });
    },
    'DELETE /calendar/feed': () => {
      state = { active: false, created_at: null };
      return reply(200, { message: 'Calendar address turned off' });
    },
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<CalendarFeedSettings />);
  return { api, user };
};

describe('CalendarFeedSettings', () => {
  it('makes a calendar address and shows it once, to copy', async () => {
    const { api, user } = setup(false);
    expect(await screen.findByText('You have no calendar address yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get calendar address' }));
    expect(await screen.findByLabelText('Your calendar address')).toHaveValue(URL_1);
    expect(screen.getByRole('button', { name: 'Copy the calendar address' })).toBeInTheDocument();
    expect(api.find('POST', '/calendar/feed')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Replace calendar address' })).toBeInTheDocument();
  });

  it('with an address already made: says when, offers to replace it or turn it off', async () => {
    const { api, user } = setup(true);
    expect(await screen.findByText(/Your calendar address was made on/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.find('DELETE', '/calendar/feed')).toHaveLength(1));
    expect(await screen.findByText('You have no calendar address yet.')).toBeInTheDocument();
  });
});
