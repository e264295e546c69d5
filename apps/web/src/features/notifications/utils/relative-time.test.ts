import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2025-06-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('reads minutes under an hour, hours under a day, and a short date after', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('09/06/2025');
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(new Date(now + 5000).toISOString(), now)).toBe('Just now');
  });
});
