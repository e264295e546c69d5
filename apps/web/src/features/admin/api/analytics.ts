import type {
  AnalyticsOverviewSchema,
  CancellationReportSchema,
  CleanupResultSchema,
  ExpiringSoonSchema,
  HealthSchema,
  MonthlySummarySchema,
  SubscriptionHistorySchema,
  TrendsSchema,
  UsageLimitsSchema,
} from '@lexserve/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../keys';

type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;
type Trends = z.infer<typeof TrendsSchema>;
type ExpiringSoon = z.infer<typeof ExpiringSoonSchema>;
type UsageLimits = z.infer<typeof UsageLimitsSchema>;
export type MonthTrend = Trends['months'][number];
export type ExpiringSubscription = ExpiringSoon['subscriptions'][number];
export type FirmUsage = UsageLimits['firms'][number];
export type PlanRevenue = MonthlySummary['revenue_by_plan'][number];
export type CancellationRow = CancellationReport['cancellations'][number];
export type PaymentFeedbackRow = CancellationReport['payment_feedback'][number];
export type Health = z.infer<typeof HealthSchema>;
type MonthlySummary = z.infer<typeof MonthlySummarySchema>;
type CancellationReport = z.infer<typeof CancellationReportSchema>;
type SubscriptionHistory = z.infer<typeof SubscriptionHistorySchema>;

const BASE = '/admin/subscriptions';

export const useAnalyticsOverview = () =>
  useQuery({
    queryKey: adminKeys.overview,
    queryFn: () => api.get<AnalyticsOverview>(`${BASE}/analytics/overview`),
    staleTime: 60_000,
  });

export const useTrends = (months: number) =>
  useQuery({
    queryKey: adminKeys.trends(months),
    queryFn: () => api.get<Trends>(`${BASE}/analytics/trends`, { query: { months } }),
  });

export const useExpiringSoon = (days: number) =>
  useQuery({
    queryKey: adminKeys.expiring(days),
    queryFn: () => api.get<ExpiringSoon>(`${BASE}/analytics/expiring-soon`, { query: { days } }),
  });

export const useUsageLimits = () =>
  useQuery({
    queryKey: adminKeys.usageLimits,
    queryFn: () => api.get<UsageLimits>(`${BASE}/analytics/usage-limits`, { query: { threshold: 75 } }),
  });

export const useHealth = () =>
  useQuery({
    queryKey: adminKeys.health,
    queryFn: () => api.get<Health>(`${BASE}/health`),
    refetchInterval: 60_000,
    staleTime: 0,
  });

export const useMonthlySummary = (year: number, month: number) =>
  useQuery({
    queryKey: adminKeys.monthlySummary(year, month),
    queryFn: () => api.get<MonthlySummary>(`${BASE}/reports/monthly-summary`, { query: { year, month } }),
  });

export const useCancellationReport = (from: string, to: string) =>
  useQuery({
    queryKey: adminKeys.cancellations(from, to),
    queryFn: () =>
      api.get<CancellationReport>(`${BASE}/reports/cancellation-reasons`, { query: { from, to } }),
    enabled: Boolean(from && to),
  });

export const useFirmSubscriptionHistory = (firmId: number | null) =>
  useQuery({
    queryKey: adminKeys.firmHistory(firmId ?? 0),
    queryFn: () => api.get<SubscriptionHistory>(`${BASE}/firms/${firmId}/subscription-history`),
    enabled: firmId !== null,
  });

export const useCleanupExpiredTrials = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<z.infer<typeof CleanupResultSchema>>(`${BASE}/system/cleanup-expired-trials`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};
