import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { usePlanCatalogue } from '../api/plans';
import { hasPrice, type PlanLike } from '../plan-display';
import { PlanCard } from './plan-card';

type PlansCatalogueProps = {
  onChoose: (plan: PlanLike) => void;
  busyPlanId?: number | null;
  preselectedPlanId?: number | null;
  currentPlanId?: number | null;
  /** Shown between the heading and the cards (messages, notices). */
  notices?: ReactNode;
  onContactSales?: () => void;
  /** Priced plans cannot be chosen (the user is not a firm administrator); 'Contact Sales' still works. */
  choosingLocked?: boolean;
};

/** The heading and the plan cards shared by the public and the in-app plans pages (spec 2.3). */
export function PlansCatalogue({ onChoose, busyPlanId = null, preselectedPlanId = null, currentPlanId = null, notices, onContactSales, choosingLocked = false }: PlansCatalogueProps) {
  const plans = usePlanCatalogue();

  return (
    <Box>
      <Box component="header" sx={{ textAlign: 'center', mb: 4 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, color: 'primary.main' }}>
          Choose Your Plan
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: '1.1rem', maxWidth: 640, mx: 'auto' }}>
          Simple monthly subscriptions for your legal practice, billed in rand. Serve, track and prove delivery of your legal
          documents from one place.
        </Typography>
      </Box>
      {notices ? <Box sx={{ mb: 3, display: 'grid', gap: 2 }}>{notices}</Box> : null}
      <QueryState
        query={plans}
        loadingLabel="Loading plans..."
        errorMessage={SubscriptionMessages.plansLoadFailed}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title="No plans are available right now"
            description="Our plans are being updated. Please check again shortly, or contact our sales team."
            action={
              onContactSales ? (
                <Button variant="contained" onClick={onContactSales}>
                  Contact Sales
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(list) => (
          <Grid container spacing={3} sx={{ pt: 2, alignItems: 'stretch', justifyContent: 'center' }}>
            {list.map((plan) => (
              <Grid key={plan.id} size={{ xs: 12, sm: 6, md: list.length >= 4 ? 3 : 4 }}>
                <PlanCard
                  plan={plan}
                  onChoose={onChoose}
                  busy={busyPlanId === plan.id}
                  disabled={(busyPlanId !== null && busyPlanId !== plan.id) || (choosingLocked && hasPrice(plan))}
                  preselected={preselectedPlanId === plan.id}
                  current={currentPlanId === plan.id}
                />
              </Grid>
            ))}
          </Grid>
        )}
      </QueryState>
    </Box>
  );
}
