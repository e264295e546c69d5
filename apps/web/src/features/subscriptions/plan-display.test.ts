import { describe, expect, it } from 'vitest';
import {
  buildPlanFeatureList,
  changeDirection,
  isPopularPlan,
  limitValue,
  monthlyDifferenceLabel,
  planName,
  planPriceLabel,
  sortPlansByMonthlyPrice,
  visibleWarnings,
  type PlanLike,
} from './plan-display';

const labels = (plan: PlanLike) =>
  buildPlanFeatureList(plan).map((item) => `${item.included ? '+' : '-'} ${item.label}`);

describe('plan feature list (spec 9)', () => {
  it('describes limits, adds the fixed items, and excludes the premium items at R500 or less', () => {
    expect(
      labels({
        max_digital_services: 100,
        max_users: 5,
        max_branches: 1,
        max_storage_gb: 10,
        monthly_price: '499.00',
      }),
    ).toEqual([
      '+ 100 digital services per month',
      '+ Up to 5 users',
      '+ Single branch access',
      '+ 10GB cloud storage',
      '+ Document tracking & notifications',
      '+ Email notifications',
      '+ Basic support',
      '- Advanced analytics & reporting',
      '- Priority support',
      '- SMS notifications',
    ]);
  });

  it('includes the premium items above R500 a month', () => {
    const list = labels({
      max_digital_services: 500,
      max_users: 25,
      max_branches: 5,
      max_storage_gb: 100,
      monthly_price: '500.01',
    });
    expect(list).toContain('+ Advanced analytics & reporting');
    expect(list).toContain('+ Priority support');
    expect(list).toContain('+ SMS notifications');
    expect(labels({ monthly_price: '500.00', max_branches: 1 })).toContain('- SMS notifications');
  });

  it('reads -1 and the unlimited flag as unlimited, and falls back to generic words without a limit', () => {
    expect(labels({ max_digital_services: -1, max_users: -1, monthly_price: '100' }).slice(0, 2)).toEqual([
      '+ Unlimited digital services',
      '+ Unlimited users',
    ]);
    expect(labels({ is_unlimited_services: true, max_digital_services: 50, monthly_price: '100' })[0]).toBe(
      '+ Unlimited digital services',
    );
    expect(labels({ monthly_price: '100' }).slice(0, 4)).toEqual([
      '+ Digital services included',
      '+ Multi-user access',
      '+ Branch management',
      '+ Cloud storage included',
    ]);
    expect(labels({ max_branches: 3, monthly_price: '100' })[2]).toBe('+ Up to 3 branches');
  });

  it('adds the labels of the feature flags that are on, and a flag includes a premium item whatever the price', () => {
    const list = labels({
      monthly_price: '499.00',
      max_branches: 1,
      features: {
        sheriff_assignment: true,
        attorney_assignment: false,
        unlimited_digital_services: false,
        priority_support: true,
        advanced_reporting: false,
        api_access: true,
        custom_templates: false,
        audit_trail: false,
        multi_branch_support: false,
      },
    });
    expect(list).toContain('+ Priority support');
    expect(list).toContain('+ Sheriff assignment');
    expect(list).toContain('+ API access');
    expect(list).not.toContain('+ Attorney assignment');
    expect(list.filter((l) => l.endsWith('Priority support'))).toHaveLength(1);
    // Excluded items come last.
    expect(list.at(-1)).toBe('- SMS notifications');
  });

  it('treats a plan priced on request as the top tier', () => {
    expect(labels({ monthly_price: null }).every((l) => l.startsWith('+'))).toBe(true);
  });
});

describe('plan cards', () => {
  it('sorts by monthly price, cheapest first, plans without a price last', () => {
    const sorted = sortPlansByMonthlyPrice([
      { id: 1, monthly_price: '1499.00' },
      { id: 2, monthly_price: null },
      { id: 3, monthly_price: '499.00' },
      { id: 4, monthly_price: '99.50' },
    ]);
    expect(sorted.map((p) => p.id)).toEqual([4, 3, 1, 2]);
  });

  it('marks featured plans and names with professional or popular as popular', () => {
    expect(isPopularPlan({ is_featured: true, name: 'basic' })).toBe(true);
    expect(isPopularPlan({ is_featured: false, name: 'professional_plan' })).toBe(true);
    expect(isPopularPlan({ is_featured: false, display_name: 'Most Popular' })).toBe(true);
    expect(isPopularPlan({ is_featured: false, name: 'basic', display_name: 'Basic' })).toBe(false);
  });

  it('shows the price in rand, Contact Us without a price, and the default name', () => {
    expect(planPriceLabel({ monthly_price: '1499.00' })).toBe('R\u00a01\u00a0499.00');
    expect(planPriceLabel({ monthly_price: null })).toBe('Contact Us');
    expect(planName({})).toBe('Unnamed Plan');
    expect(planName({ name: 'basic', display_name: 'Basic' })).toBe('Basic');
  });

  it('compares prices for upgrade and downgrade', () => {
    expect(changeDirection('499.00', '1499.00')).toBe('Upgrade');
    expect(changeDirection('1499.00', '499.00')).toBe('Downgrade');
    expect(changeDirection('499.00', '499.00')).toBeNull();
  });
});

describe('plan change preview', () => {
  it("signs an upgrade's monthly difference with '+'", () => {
    expect(monthlyDifferenceLabel(1000, 'upgrade')).toBe('+R\u00a01\u00a0000.00');
    expect(monthlyDifferenceLabel(-1000, 'downgrade')).toBe('-R\u00a01\u00a0000.00');
  });

  it('hides warnings about the payment method', () => {
    expect(
      visibleWarnings([
        'You use 30 users; the new plan allows 25.',
        'A payment method is required for this change.',
      ]),
    ).toEqual(['You use 30 users; the new plan allows 25.']);
  });

  it('shows -1 limits as Unlimited', () => {
    expect(limitValue(-1)).toBe('Unlimited');
    expect(limitValue(2500)).toBe('2 500');
  });
});
