import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, fetchServerVersion } from './use-version-check';

describe('version check (spec 2.12 / 4.7)', () => {
  it('reads the version from /meta.json with a cache-busting query', async () => {
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ version: '1700000000000' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await expect(fetchServerVersion()).resolves.toBe('1700000000000');
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toMatch(/^\/meta\.json\?t=\d+$/);
  });

  it('answers null when the version cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    await expect(fetchServerVersion()).resolves.toBeNull();
  });

  it("'Update' keeps only the session tokens, stores the new version and reloads with a cache-busting parameter", async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('some_cache', 'stale');
    localStorage.setItem('app_version', 'old');
    sessionStorage.setItem('draft', 'x');
    const reload = vi.fn();
    await applyUpdate('new', reload);
    expect(localStorage.getItem('access_token')).toBe('a');
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(localStorage.getItem('some_cache')).toBeNull();
    expect(localStorage.getItem('app_version')).toBe('new');
    expect(sessionStorage.getItem('draft')).toBeNull();
    expect(reload).toHaveBeenCalledWith(expect.stringMatching(/[?&]v=\d+/));
  });
});
