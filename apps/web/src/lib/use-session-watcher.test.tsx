import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TIMING } from '../config/constants';
import { mockApi, reply } from '../testing/api-server';
import { emitSessionEvent, getAccessToken, storeTokens } from './session-store';
import { useSessionWatcher } from './use-session-watcher';

const MINUTE = 60_000;

function Probe({ onInactive, onTokenMissing }: { onInactive: () => void; onTokenMissing: () => void }) {
  const session = useSessionWatcher({ onInactive, onTokenMissing });
  return (
    <div>
      {session.expiringSoon ? 'expiring' : 'fine'}
      <button onClick={() => void session.staySignedIn()}>stay</button>
      <button onClick={session.dismiss}>dismiss</button>
    </div>
  );
}

const setLastActivity = (msAgo: number) => localStorage.setItem('last_activity', String(Date.now() - msAgo));

describe('useSessionWatcher (spec 4.2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T08:00:00Z') });
    storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
  });
  afterEach(() => vi.useRealTimers());

  it('uses the spec constants', () => {
    expect(SESSION_TIMING.inactivityLogoutMs).toBe(25 * MINUTE);
    expect(SESSION_TIMING.refreshBeforeExpiryMs).toBe(5 * MINUTE);
    expect(SESSION_TIMING.activityThrottleMs).toBe(30_000);
    expect(SESSION_TIMING.tokenPresenceCheckMs).toBe(60_000);
    expect(SESSION_TIMING.periodicRefreshMs).toBe(2 * MINUTE);
  });

  it('warns before the inactivity logout, then logs out after 25 minutes without activity', () => {
    const onInactive = vi.fn();
    setLastActivity(22 * MINUTE);
    render(<Probe onInactive={onInactive} onTokenMissing={vi.fn()} />);
    expect(screen.getByText('fine')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(MINUTE + 5_000));
    expect(screen.getByText('expiring')).toBeInTheDocument();
    expect(onInactive).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2 * MINUTE));
    expect(onInactive).toHaveBeenCalledTimes(1);
  });

  it('records activity at most every 30 seconds', () => {
    setLastActivity(10 * MINUTE);
    render(<Probe onInactive={vi.fn()} onTokenMissing={vi.fn()} />);
    window.dispatchEvent(new Event('keydown'));
    const first = Number(localStorage.getItem('last_activity'));
    expect(first).toBe(Date.now());
    act(() => vi.advanceTimersByTime(10_000));
    window.dispatchEvent(new Event('keydown'));
    expect(Number(localStorage.getItem('last_activity'))).toBe(first);
    act(() => vi.advanceTimersByTime(25_000));
    window.dispatchEvent(new Event('keydown'));
    expect(Number(localStorage.getItem('last_activity'))).toBe(first + 35_000);
  });

  it('notices a missing token within 60 seconds', () => {
    const onTokenMissing = vi.fn();
    render(<Probe onInactive={vi.fn()} onTokenMissing={onTokenMissing} />);
    localStorage.removeItem('access_token');
    localStorage.removeItem('refresh_token');
    act(() => vi.advanceTimersByTime(60_000));
    expect(onTokenMissing).toHaveBeenCalledTimes(1);
  });

  it('on a token-expired event refreshes when the user was active in the last 2 minutes', async () => {
    const { find } = mockApi({
      'POST /users/refresh': reply(200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'bearer',
        expires_in: 900,
      }),
    });
    const onInactive = vi.fn();
    setLastActivity(30_000);
    render(<Probe onInactive={onInactive} onTokenMissing={vi.fn()} />);
    await act(async () => emitSessionEvent('token-expired'));
    await vi.waitFor(() => expect(getAccessToken()).toBe('access-2'));
    expect(find('POST', '/users/refresh')).toHaveLength(1);
    expect(onInactive).not.toHaveBeenCalled();
  });

  it('on a token-expired event sends an idle user to the expired-session login', () => {
    const onInactive = vi.fn();
    setLastActivity(3 * MINUTE);
    render(<Probe onInactive={onInactive} onTokenMissing={vi.fn()} />);
    act(() => emitSessionEvent('token-expired'));
    expect(onInactive).toHaveBeenCalledTimes(1);
  });
});
