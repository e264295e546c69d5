import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items';

const labels = (role: Parameters<typeof navItemsFor>[0], active: boolean) => {
  const { primary, account } = navItemsFor(role, active);
  return { primary: primary.map((i) => i.label), account: account.map((i) => i.label) };
};

describe('navigation links per role (spec 2.6)', () => {
  it('firm_admin with an active subscription', () => {
    expect(labels('firm_admin', true)).toEqual({
      primary: ['Dashboard', 'My Plan', 'Subscription', 'Verify Document'],
      account: ['Profile', 'Account', 'Notifications', 'Developers'],
    });
  });

  it('shows Developers (API keys, webhooks) to firm administrators only', () => {
    expect(labels('branch_admin', true).account).not.toContain('Developers');
    expect(labels('legal_practitioner', true).account).not.toContain('Developers');
    expect(labels('sheriff', true).account).not.toContain('Developers');
  });

  it('firm roles without an active subscription see only what the gate allows', () => {
    expect(labels('firm_admin', false)).toEqual({
      primary: ['My Plan', 'Choose Plan'],
      account: ['Profile'],
    });
    expect(labels('legal_practitioner', false)).toEqual({ primary: ['Choose Plan'], account: ['Profile'] });
  });

  it('branch_admin and legal_practitioner with a subscription', () => {
    expect(labels('branch_admin', true).primary).toEqual(['Dashboard', 'Verify Document']);
    expect(labels('legal_practitioner', true).primary).toEqual(['Dashboard', 'Verify Document']);
  });

  it('sheriff needs no subscription', () => {
    expect(labels('sheriff', false)).toEqual({
      primary: ['Dashboard', 'Verify Document'],
      account: ['Profile', 'Account', 'Notifications'],
    });
  });

  it('system_admin', () => {
    expect(labels('system_admin', false).primary).toEqual(['Admin Portal', 'Verify Document']);
  });
});
