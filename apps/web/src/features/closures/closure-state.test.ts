import { describe, expect, it } from 'vitest';
import type { Role } from '../../config/constants';
import { closureButtonState, type ClosureButtonInput } from './closure-state';

const state = (
  role: Role,
  documentStatus: string,
  closure: ClosureButtonInput['closure'] = null,
  userId = 7,
) => closureButtonState({ role, userId, documentStatus, closure });
const pending = (requester = 99) => ({ closure_status: 'pending' as const, closed_by_user_id: requester });
const label = (s: ReturnType<typeof state>) => [s.label, s.disabled ? 'disabled' : 'enabled', s.action];

describe('closure button (spec 2 §4)', () => {
  it('reads "Case Closed", disabled, for a completed or closed case whatever the role', () => {
    for (const role of [
      'firm_admin',
      'branch_admin',
      'legal_practitioner',
      'system_admin',
      'sheriff',
    ] as Role[]) {
      for (const status of ['completed', 'cancelled', 'archived'])
        expect(label(state(role, status))).toEqual(['Case Closed', 'disabled', 'none']);
    }
    expect(
      label(state('firm_admin', 'served', { closure_status: 'completed', closed_by_user_id: 1 })),
    ).toEqual(['Case Closed', 'disabled', 'none']);
  });

  describe('no closure yet', () => {
    it('offers a firm administrator "Close Case" (direct close) with the request menu', () => {
      const s = state('firm_admin', 'served');
      expect(label(s)).toEqual(['Close Case', 'enabled', 'direct-close']);
      expect(s.menu).toBe(true);
      expect(s.variant).toBe('danger');
    });

    it('offers the other requesting roles "Request Case Closure" on a served case', () => {
      for (const role of ['branch_admin', 'legal_practitioner'] as Role[]) {
        const s = state(role, 'served');
        expect(label(s)).toEqual(['Request Case Closure', 'enabled', 'request']);
        expect(s.menu).toBe(false);
      }
    });

    it('reads "Case Closure (Served Only)", disabled, on a received case for roles that could request', () => {
      for (const role of ['firm_admin', 'branch_admin', 'legal_practitioner'] as Role[]) {
        expect(label(state(role, 'received'))).toEqual(['Case Closure (Served Only)', 'disabled', 'none']);
      }
    });

    it('reads "Case Closure", disabled, otherwise', () => {
      expect(label(state('legal_practitioner', 'draft'))).toEqual(['Case Closure', 'disabled', 'none']);
      expect(label(state('firm_admin', 'delivered'))).toEqual(['Case Closure', 'disabled', 'none']);
      expect(label(state('sheriff', 'served'))).toEqual(['Case Closure', 'disabled', 'none']);
      expect(label(state('system_admin', 'served'))).toEqual(['Case Closure', 'disabled', 'none']);
      expect(label(state('sheriff', 'received'))).toEqual(['Case Closure', 'disabled', 'none']);
      expect(label(state('firm_admin', undefined as unknown as string))).toEqual([
        'Case Closure',
        'disabled',
        'none',
      ]);
    });
  });

  it('pending: approvers see "Approve Closure", others "Closure Pending Approval" (disabled)', () => {
    for (const role of ['firm_admin', 'branch_admin', 'system_admin'] as Role[]) {
      const s = state(role, 'served', pending());
      expect(label(s)).toEqual(['Approve Closure', 'enabled', 'approve']);
      expect(s.variant).toBe('success');
    }
    for (const role of ['legal_practitioner', 'sheriff'] as Role[]) {
      expect(label(state(role, 'served', pending()))).toEqual([
        'Closure Pending Approval',
        'disabled',
        'pending',
      ]);
    }
  });

  it('pending own request: a branch administrator waits for another approver; a firm administrator may decide', () => {
    expect(label(state('branch_admin', 'served', pending(7), 7))).toEqual([
      'Closure Pending Approval',
      'disabled',
      'pending',
    ]);
    expect(label(state('firm_admin', 'served', pending(7), 7))).toEqual([
      'Approve Closure',
      'enabled',
      'approve',
    ]);
  });

  it('approved: "Complete Case Closure" for roles that may complete, otherwise "Closure Approved" (disabled)', () => {
    const approved = { closure_status: 'approved' as const, closed_by_user_id: 1 };
    for (const role of ['firm_admin', 'branch_admin', 'legal_practitioner'] as Role[]) {
      expect(label(state(role, 'served', approved))).toEqual([
        'Complete Case Closure',
        'enabled',
        'complete',
      ]);
    }
    for (const role of ['system_admin', 'sheriff'] as Role[])
      expect(label(state(role, 'served', approved))).toEqual(['Closure Approved', 'disabled', 'none']);
  });

  it('rejected: "Request Case Closure" for roles that may request, otherwise "Closure Rejected" (disabled)', () => {
    const rejected = { closure_status: 'rejected' as const, closed_by_user_id: 1 };
    for (const role of ['firm_admin', 'branch_admin', 'legal_practitioner'] as Role[]) {
      expect(label(state(role, 'served', rejected))).toEqual(['Request Case Closure', 'enabled', 'request']);
    }
    for (const role of ['system_admin', 'sheriff'] as Role[])
      expect(label(state(role, 'served', rejected))).toEqual(['Closure Rejected', 'disabled', 'none']);
  });
});
