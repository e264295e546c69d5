import type { Plan } from '@lexserve/contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN_FORM,
  cardFeatures,
  makePlanFormSchema,
  toCreatePlanPayload,
  toUpdatePlanPayload,
  yearlySaving,
} from './plan-form';

const schema = makePlanFormSchema();
const valid = { ...DEFAULT_PLAN_FORM, display_name: 'Boutique', monthly_price: '799.50' };
const errorsOf = (values: Record<string, unknown>) => {
  const result = schema.safeParse({ ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('admin plan form rules (spec 3 and 5)', () => {
  it('starts from the defaults of spec 9', () => {
    expect(DEFAULT_PLAN_FORM).toMatchObject({
      plan_type: 'custom',
      max_branches: 1,
      max_storage_gb: 10,
      trial_days: 0,
      is_active: true,
      is_featured: false,
    });
  });

  it('requires a display name and a monthly price above 0', () => {
    expect(errorsOf({ display_name: '  ' })).toMatchObject({ display_name: 'Display name is required' });
    expect(errorsOf({ monthly_price: '' })).toMatchObject({
      monthly_price: 'Valid monthly price is required',
    });
    expect(errorsOf({ monthly_price: '0' })).toMatchObject({
      monthly_price: 'Valid monthly price is required',
    });
    expect(errorsOf({ monthly_price: 'abc' })).toMatchObject({
      monthly_price: 'Valid monthly price is required',
    });
    expect(errorsOf({})).toEqual({});
  });

  it('lets an edited plan without a price keep none', () => {
    expect(
      makePlanFormSchema({ priceOptional: true }).safeParse({ ...valid, monthly_price: '' }).success,
    ).toBe(true);
  });

  it('checks the limits: users and digital services ≥ 0, branches ≥ 1, storage ≥ 1, trial days ≥ 0', () => {
    expect(
      Object.keys(
        errorsOf({
          max_users: -1,
          max_digital_services: -1,
          max_branches: 0,
          max_storage_gb: 0,
          trial_days: -1,
        }),
      ).sort(),
    ).toEqual(['max_branches', 'max_digital_services', 'max_storage_gb', 'max_users', 'trial_days']);
    expect(errorsOf({ max_branches: 1.5 })).toHaveProperty('max_branches');
  });

  it('builds the create payload: name from the plan type, ZAR, 0 limits left out', () => {
    const payload = toCreatePlanPayload(
      schema.parse({
        ...valid,
        plan_type: 'enterprise',
        max_users: 0,
        max_digital_services: 250,
        quarterly_price: '',
      }),
    );
    expect(payload).toMatchObject({
      name: 'enterprise',
      plan_type: 'enterprise',
      display_name: 'Boutique',
      monthly_price: 799.5,
      currency: 'ZAR',
      max_digital_services: 250,
    });
    expect(payload).not.toHaveProperty('max_users');
    expect(payload).not.toHaveProperty('quarterly_price');
    expect(payload).not.toHaveProperty('description');
    expect(Object.keys(payload.features as object)).toHaveLength(9);
  });

  it('builds the update payload without empty fields, sending 0 only to make a limited plan unlimited', () => {
    const original = {
      max_users: 5,
      max_digital_services: -1,
      is_unlimited_services: true,
      description: null,
    } as unknown as Plan;
    const payload = toUpdatePlanPayload(
      schema.parse({ ...valid, max_users: 0, max_digital_services: 0 }),
      original,
    );
    expect(payload.max_users).toBe(0);
    expect(payload).not.toHaveProperty('max_digital_services');
    expect(payload).not.toHaveProperty('description');
    const unchanged = toUpdatePlanPayload(schema.parse({ ...valid, max_users: 0 }), {
      ...original,
      max_users: -1,
    } as Plan);
    expect(unchanged).not.toHaveProperty('max_users');
  });

  it('computes the yearly saving as 12 × monthly − yearly', () => {
    expect(yearlySaving('499.00', '4790.40')).toBe(1197.6);
    expect(yearlySaving('499.00', '6000')).toBeNull();
    expect(yearlySaving(null, '100')).toBeNull();
  });

  it('lists at most four features on a card, then the count of the rest', () => {
    expect(cardFeatures(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(cardFeatures(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
