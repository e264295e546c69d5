import { describe, expect, it } from 'vitest';
import { redactLinks, redactParams } from './redact';

describe('redactLinks', () => {
  it('hides a calendar feed secret but keeps /calendar/feed', () => {
    expect(redactLinks('GET /api/v1/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics')).toBe(
      'GET /api/v1/calendar/[link hidden]',
    );
    expect(redactLinks('POST /api/v1/calendar/feed')).toBe('POST /api/v1/calendar/feed');
  });

  it('still hides delivery tokens and token parameters', () => {
    expect(redactLinks('/delivery/abcdefghijklmnopqrstuvwxyz')).toBe('/delivery/[link hidden]');
    expect(redactLinks('/documents/1/delivery/resend')).toBe('/documents/1/delivery/resend');
    expect(redactLinks('/reset?token=secret123')).toBe('/reset?token=[link hidden]');
  });
});

describe('redactParams', () => {
  it('hides token and feed parameters only', () => {
    expect(redactParams({ feed: 'secret.ics', id: 3 })).toEqual({ feed: '[link hidden]', id: 3 });
    expect(redactParams({ token: 'x' })).toEqual({ token: '[link hidden]' });
    expect(redactParams({ id: 1 })).toEqual({ id: 1 });
    expect(redactParams(undefined)).toBeUndefined();
  });
});
