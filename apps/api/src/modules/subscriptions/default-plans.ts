import type { subscriptionPlans } from '../../db/schema/index';
import { fullFeatures } from './plans.mapper';

type NewPlan = typeof subscriptionPlans.$inferInsert;

/**
 * The plans a fresh installation offers (create-defaults and the seed). Enterprise has no price: it shows
 * 'Contact Us' and leads to the sales-contact form. Limits: null = unlimited.
 */
export const DEFAULT_PLANS: NewPlan[] = [
  {
    name: 'small_practice',
    displayName: 'Small Practice',
    description: 'For sole practitioners and small practices serving a steady flow of documents.',
    planType: 'small_practice',
    monthlyPriceCents: 49_900,
    maxDigitalServices: 100,
    maxUsers: 5,
    maxBranches: 1,
    maxStorageGb: 10,
    trialDays: 14,
    isFeatured: false,
    features: fullFeatures({ sheriff_assignment: true, attorney_assignment: true, audit_trail: true }),
  },
  {
    name: 'medium_large_firm',
    displayName: 'Medium / Large Firm',
    description: 'For growing firms with several branches and a busy litigation practice.',
    planType: 'medium_large_firm',
    monthlyPriceCents: 149_900,
    maxDigitalServices: 500,
    maxUsers: 25,
    maxBranches: 5,
    maxStorageGb: 100,
    trialDays: 14,
    isFeatured: true,
    features: fullFeatures({
      sheriff_assignment: true,
      attorney_assignment: true,
      audit_trail: true,
      priority_support: true,
      advanced_reporting: true,
      custom_templates: true,
      multi_branch_support: true,
    }),
  },
  {
    name: 'enterprise',
    displayName: 'Enterprise',
    description:
      'Unlimited digital services and users, integration and dedicated support. Contact us for a quote.',
    planType: 'enterprise',
    monthlyPriceCents: null,
    maxDigitalServices: null,
    maxUsers: null,
    maxBranches: 100,
    maxStorageGb: 1000,
    trialDays: 0,
    isFeatured: false,
    features: fullFeatures({
      sheriff_assignment: true,
      attorney_assignment: true,
      unlimited_digital_services: true,
      priority_support: true,
      advanced_reporting: true,
      api_access: true,
      custom_templates: true,
      audit_trail: true,
      multi_branch_support: true,
    }),
  },
];
