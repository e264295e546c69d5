import { SUBSCRIPTION_CONSTANTS } from '@lexserve/contracts/subscriptions';

type UsageLevel = 'normal' | 'warning' | 'error';

export type UsageBar = {
  /** 0–100, capped; 0 when the limit is unlimited. */
  percent: number;
  level: UsageLevel;
  unlimited: boolean;
  /** '12 / 100', '3 / ∞'. */
  label: string;
};

/** MB as GB (spec 9: MB ÷ 1024), to at most two decimals. */
export const mbToGb = (mb: number | null | undefined): number => {
  const value = typeof mb === 'number' && Number.isFinite(mb) ? mb : 0;
  return Math.round((value / 1024) * 100) / 100;
};

/** Spec 2.8: storage in GB, current_storage_mb ÷ 1024, rounded. */
export const storageGbRounded = (mb: number | null | undefined): number => Math.round(mbToGb(mb));

const trimNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');

/**
 * A usage bar (spec 9): a null, 0 or negative (-1) limit is unlimited, shown as ∞ at 0%; otherwise
 * used ÷ limit capped at 100%, warning from 75% and error from 90%.
 */
export const usageBar = (
  used: number | null | undefined,
  limit: number | null | undefined,
  unit = '',
): UsageBar => {
  const value = typeof used === 'number' && Number.isFinite(used) ? used : 0;
  const suffix = unit ? ` ${unit}` : '';
  if (limit === null || limit === undefined || !Number.isFinite(limit) || limit <= 0) {
    return { percent: 0, level: 'normal', unlimited: true, label: `${trimNumber(value)} / ∞${suffix}` };
  }
  const percent = Math.min(100, (value / limit) * 100);
  const level: UsageLevel =
    percent >= SUBSCRIPTION_CONSTANTS.usageErrorPercent
      ? 'error'
      : percent >= SUBSCRIPTION_CONSTANTS.usageWarningPercent
        ? 'warning'
        : 'normal';
  return { percent, level, unlimited: false, label: `${trimNumber(value)} / ${trimNumber(limit)}${suffix}` };
};

/** The MUI colour of a bar's level. */
export const usageColor = (level: UsageLevel): 'primary' | 'warning' | 'error' =>
  level === 'error' ? 'error' : level === 'warning' ? 'warning' : 'primary';
