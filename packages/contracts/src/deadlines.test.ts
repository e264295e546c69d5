import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from './documents';
import {
  CreateDeadlineInputSchema,
  DEADLINE_RULES,
  courtKindOf,
  reminderDateOf,
  ruleDeadlinesOf,
} from './deadlines';
import { serviceChannelOf } from './service-channels';

const HIGH = 'Gauteng Division, Pretoria';
const MC = "Magistrate's Court, Johannesburg Central";

describe('DEADLINE_RULES', () => {
  it('lists only catalogue document types that are served', () => {
    const known = new Set(DOCUMENT_TYPES.map((t) => t.value));
    for (const type of Object.keys(DEADLINE_RULES)) {
      expect(known.has(type), type).toBe(true);
      expect(serviceChannelOf(type)?.channel, type).not.toBe('not_served');
    }
  });
});

describe('ruleDeadlinesOf', () => {
  it('High Court summons: notice of intention to defend in 10 court days, 16 December–15 January not counted', () => {
    expect(courtKindOf(HIGH)).toBe('high_court');
    const [d, ...rest] = ruleDeadlinesOf({
      documentType: 'summons_combined',
      courtName: HIGH,
      serviceDate: '2026-12-14',
    });
    expect(rest).toEqual([]);
    expect(d!.dueDate).toBe('2027-01-28');
    expect(d!.rule.rule).toBe('Uniform Rule 19(1)');
  });

  it("Magistrates' Courts summons cites Rule 13(1)", () => {
    const [d] = ruleDeadlinesOf({ documentType: 'summons_simple', courtName: MC, serviceDate: '2026-04-01' });
    expect(d!.rule.rule).toBe("Magistrates' Courts Rule 13(1)");
    expect(d!.dueDate).toBe('2026-04-17');
  });

  it('court not known: one deadline citing both rules when they give the same day', () => {
    const list = ruleDeadlinesOf({
      documentType: 'divorce_summons',
      courtName: null,
      serviceDate: '2026-04-01',
    });
    expect(list).toHaveLength(1);
    expect(list[0]!.rule.rule).toBe("Uniform Rule 19(1); Magistrates' Courts Rule 13(1)");
  });

  it('application on notice in the High Court: Rule 6(5)(b)(iii), the recess counted', () => {
    const [d] = ruleDeadlinesOf({
      documentType: 'notice_of_motion_on_notice',
      courtName: HIGH,
      serviceDate: '2026-12-14',
    });
    expect(d!.dueDate).toBe('2026-12-30');
    expect(d!.rule.rule).toBe('Uniform Rule 6(5)(b)(iii)');
  });

  it('gives nothing for a type without a rule or a Magistrates’ Court application (rule text not found)', () => {
    expect(ruleDeadlinesOf({ documentType: 'plea', courtName: HIGH, serviceDate: '2026-04-01' })).toEqual([]);
    expect(
      ruleDeadlinesOf({
        documentType: 'notice_of_motion_on_notice',
        courtName: MC,
        serviceDate: '2026-04-01',
      }),
    ).toEqual([]);
    expect(ruleDeadlinesOf({ documentType: null, courtName: HIGH, serviceDate: '2026-04-01' })).toEqual([]);
  });
});

describe('reminderDateOf', () => {
  it('is two court days before the day', () => {
    expect(reminderDateOf('2027-01-28')).toBe('2027-01-26');
    expect(reminderDateOf('2026-04-28')).toBe('2026-04-23'); // over the weekend and Freedom Day
  });
});

describe('CreateDeadlineInputSchema', () => {
  it('trims the name and checks the date', () => {
    expect(CreateDeadlineInputSchema.parse({ name: '  File heads ', due_date: '2027-02-01' })).toEqual({
      name: 'File heads',
      due_date: '2027-02-01',
    });
    expect(CreateDeadlineInputSchema.safeParse({ name: 'x', due_date: '2027-02-30' }).success).toBe(false);
    expect(CreateDeadlineInputSchema.safeParse({ name: ' ', due_date: '2027-02-01' }).success).toBe(false);
    expect(CreateDeadlineInputSchema.safeParse({ name: 'x', due_date: '1999-12-31' }).success).toBe(false);
    expect(CreateDeadlineInputSchema.safeParse({ name: 'a\u0000b', due_date: '2027-02-01' }).success).toBe(
      false,
    );
  });
});
