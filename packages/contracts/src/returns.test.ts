import { describe, expect, it } from 'vitest';
import {
  RETURN_FACT_LABELS,
  ReturnInputSchema,
  SERVICE_MANNERS,
  SERVICE_MANNER_DETAILS,
  ServiceAttemptInputSchema,
  formatRand,
  mannerRule,
  returnTotals,
  sastDateTime,
} from './returns';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('service attempts', () => {
  const base = {
    device_time: '2026-03-02T09:15:00+02:00',
    address: '12 Long Street, Cape Town',
    outcome: 'not_found' as const,
  };

  it('accept the new shape with or without a GPS position', () => {
    expect(
      ServiceAttemptInputSchema.parse({ ...base, latitude: -33.92, longitude: 18.42, accuracy_m: 12 }),
    ).toMatchObject({
      latitude: -33.92,
      longitude: 18.42,
      accuracy_m: 12,
      notes: null,
    });
    expect(
      ServiceAttemptInputSchema.parse({ ...base, latitude: null, longitude: null, accuracy_m: null }),
    ).toMatchObject({ latitude: null });
    expect(ServiceAttemptInputSchema.parse(base)).toMatchObject({
      latitude: null,
      longitude: null,
      accuracy_m: null,
    });
  });

  it('refuse a partial GPS position, naming the missing fields', () => {
    const r = ServiceAttemptInputSchema.safeParse({ ...base, latitude: -33.9 });
    expect(r.success).toBe(false);
    expect(
      issues(r)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['accuracy_m', 'longitude']);
  });

  it('refuse positions out of range', () => {
    const r = ServiceAttemptInputSchema.safeParse({ ...base, latitude: 91, longitude: 181, accuracy_m: -1 });
    expect(
      issues(r)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['accuracy_m', 'latitude', 'longitude']);
  });

  it('map the legacy shape (date and time on a South African clock, place)', () => {
    const v = ServiceAttemptInputSchema.parse({
      attempt_date: '2026-03-02',
      attempt_time: '09:15',
      place: 'Office',
      outcome: 'refused',
    });
    expect(v).toEqual({
      device_time: '2026-03-02T09:15:00+02:00',
      address: 'Office',
      latitude: null,
      longitude: null,
      accuracy_m: null,
      outcome: 'refused',
      notes: null,
      target_id: null,
    });
    expect(
      issues(ServiceAttemptInputSchema.safeParse({ attempt_date: '2026-03-02', outcome: 'refused' }))
        .map((i) => i.path)
        .sort(),
    ).toEqual(['attempt_time', 'place']);
  });

  it('need a time and an address', () => {
    expect(
      issues(ServiceAttemptInputSchema.safeParse({ outcome: 'other' }))
        .map((i) => i.path)
        .sort(),
    ).toEqual(['address', 'device_time']);
    expect(ServiceAttemptInputSchema.safeParse({ ...base, device_time: '2026-03-02 09:15' }).success).toBe(
      false,
    );
  });

  it('read instants on a South African clock', () => {
    expect(sastDateTime('2026-03-01T23:30:00Z')).toEqual({ date: '2026-03-02', time: '01:30' });
  });
});

describe('manners of service', () => {
  it('have a label, both rules and a statement each', () => {
    for (const m of SERVICE_MANNERS) {
      const d = SERVICE_MANNER_DETAILS[m];
      expect(d.label && d.statement).toBeTruthy();
      expect(d.uniform_rule).toMatch(/^Uniform Rule 4\(1\)/);
      expect(d.magistrates_rule).toMatch(/^Magistrates' Courts Rule 9/);
    }
  });

  it('cite the rule of the court', () => {
    expect(mannerRule('domicilium', 'Gauteng Division, Pretoria')).toBe('Uniform Rule 4(1)(a)(iv)');
    expect(mannerRule('domicilium', "Magistrate's Court, Johannesburg")).toBe(
      "Magistrates' Courts Rule 9(3)(d)",
    );
    expect(mannerRule('registered_office', null)).toBe('Uniform Rule 4(1)(a)(v)');
  });
});

describe('returns', () => {
  const served = {
    outcome: 'served' as const,
    manner: 'personal' as const,
    served_at: '2026-03-02T09:15:00+02:00',
    address: '12 Long Street, Cape Town',
    person_served_name: 'Thabo Mokoena',
    person_served_capacity: 'Defendant',
    nature_explained: true,
    fees: [{ description: 'Service', amount_cents: 25000 }],
  };

  it('accept a complete served return, VAT registered by default', () => {
    expect(ReturnInputSchema.parse(served).vat_registered).toBe(true);
  });

  it('name each missing fact, on its field and in one message', () => {
    const r = ReturnInputSchema.safeParse({ outcome: 'served' });
    const list = issues(r);
    const fields = [
      'manner',
      'served_at',
      'address',
      'person_served_name',
      'person_served_capacity',
      'nature_explained',
      'fees',
    ];
    expect(list.filter((i) => i.path).map((i) => i.path)).toEqual(fields);
    const summary = list.find((i) => i.path === '')!.message;
    for (const f of fields)
      expect(summary).toContain(RETURN_FACT_LABELS[f as keyof typeof RETURN_FACT_LABELS]);
  });

  it('need the reason and the search for a non-service', () => {
    const list = issues(
      ReturnInputSchema.safeParse({
        outcome: 'not_served',
        fees: [{ description: 'Attempt', amount_cents: 10000 }],
      }),
    );
    expect(list.filter((i) => i.path).map((i) => i.path)).toEqual(['non_service_reason', 'diligent_search']);
  });

  it('refuse nature_explained false except where the copy was affixed', () => {
    expect(ReturnInputSchema.safeParse({ ...served, nature_explained: false }).success).toBe(false);
    expect(
      ReturnInputSchema.safeParse({ ...served, manner: 'affixed_to_principal_door', nature_explained: false })
        .success,
    ).toBe(true);
  });

  it('refuse a service in the future and blank fees', () => {
    expect(ReturnInputSchema.safeParse({ ...served, served_at: '2999-01-01T00:00:00+02:00' }).success).toBe(
      false,
    );
    expect(ReturnInputSchema.safeParse({ ...served, fees: [] }).success).toBe(false);
    expect(
      ReturnInputSchema.safeParse({ ...served, fees: [{ description: ' ', amount_cents: 1.5 }] }).success,
    ).toBe(false);
  });

  it('add VAT at 15 % and show Rand with spaces', () => {
    expect(
      returnTotals(
        [
          { description: 'a', amount_cents: 100000 },
          { description: 'b', amount_cents: 23450 },
        ],
        true,
      ),
    ).toEqual({
      subtotal_cents: 123450,
      vat_cents: 18518,
      total_cents: 141968,
    });
    expect(returnTotals([{ description: 'a', amount_cents: 100 }], false).vat_cents).toBe(0);
    expect(formatRand(123450)).toBe('R 1 234.50');
    expect(formatRand(5)).toBe('R 0.05');
    expect(formatRand(123456789)).toBe('R 1 234 567.89');
  });
});
