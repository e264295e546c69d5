import { CANCELLATION_REASONS } from '@lexserve/contracts/subscriptions';

type CancellationReasonValue = (typeof CANCELLATION_REASONS)[number];

/** The user's words for each cancellation reason of spec 9. */
export const CANCELLATION_REASON_LABELS: Record<CancellationReasonValue, string> = {
  too_expensive: 'Too expensive',
  not_using: "We don't use it enough",
  missing_features: 'Missing features we need',
  switching_provider: 'Switching to another provider',
  business_closure: 'Closing the practice',
  temporary_pause: 'Taking a temporary break',
  other: 'Other',
};

export const cancellationReasonLabel = (value: string | null | undefined): string =>
  value && value in CANCELLATION_REASON_LABELS
    ? CANCELLATION_REASON_LABELS[value as CancellationReasonValue]
    : value || '-';

export { CANCELLATION_REASONS };
