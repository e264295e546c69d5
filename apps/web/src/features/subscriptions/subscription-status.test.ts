import { describe, expect, it } from 'vitest';
import { makeSubscription } from '../../testing/factories';
import type { MySubscription } from './api/get-my-subscription';
import { hasSubscriptionAccess, isSubscriptionActive } from './subscription-status';

const now = new Date('2025-06-01T12:00:00Z');
const sub = (overrides: Record<string, unknown>) => makeSubscription(overrides) as MySubscription;

describe('isSubscriptionActive (spec 4.1)', () => {
  it('counts active and trial statuses whose end has not passed', () => {
    expect(isSubscriptionActive(sub({ status: 'active', end_date: '2025-07-01T00:00:00Z' }), now)).toBe(true);
    expect(isSubscriptionActive(sub({ status: 'trial', trial_end_date: '2025-06-10T00:00:00Z' }), now)).toBe(
      true,
    );
  });

  it('uses trial_end_date first, then end_date', () => {
    expect(
      isSubscriptionActive(
        sub({ status: 'trial', trial_end_date: '2025-05-31T00:00:00Z', end_date: '2025-07-01T00:00:00Z' }),
        now,
      ),
    ).toBe(false);
    expect(
      isSubscriptionActive(
        sub({ status: 'active', trial_end_date: null, end_date: '2025-05-01T00:00:00Z' }),
        now,
      ),
    ).toBe(false);
  });

  it('rejects other statuses and a missing subscription', () => {
    for (const status of ['pending', 'cancelled', 'expired'])
      expect(isSubscriptionActive(sub({ status }), now)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });
});

describe('hasSubscriptionAccess (spec 4: access continues to the end of the paid period)', () => {
  it('keeps access for a cancelled subscription until access_ends_at', () => {
    expect(
      hasSubscriptionAccess(sub({ status: 'cancelled', access_ends_at: '2025-06-20T00:00:00Z' }), now),
    ).toBe(true);
    expect(
      hasSubscriptionAccess(sub({ status: 'cancelled', access_ends_at: '2025-05-20T00:00:00Z' }), now),
    ).toBe(false);
    expect(hasSubscriptionAccess(sub({ status: 'cancelled', access_ends_at: null }), now)).toBe(false);
  });

  it('follows isSubscriptionActive otherwise', () => {
    expect(hasSubscriptionAccess(sub({ status: 'active', end_date: '2025-07-01T00:00:00Z' }), now)).toBe(
      true,
    );
    expect(
      hasSubscriptionAccess(sub({ status: 'expired', access_ends_at: '2025-07-01T00:00:00Z' }), now),
    ).toBe(false);
    expect(hasSubscriptionAccess(null, now)).toBe(false);
  });
});
