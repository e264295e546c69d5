import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { usePlans } from '../api/plans';
import {
  buildPlanFeatureList,
  changeDirection,
  hasPrice,
  planName,
  priceNumber,
  type PlanLike,
} from '../plan-display';
import { isManageableStatus } from '../subscription-status';
import { PageHeader } from './page-header';
import { PlanFeatureList } from './plan-feature-list';

/** Users are offered the monthly cycle only (product decision), so the cycle selector is not shown. */
const BILLING_CYCLE = 'monthly';

type Selectable = {
  plan: PlanLike;
  current: boolean;
  direction: 'Upgrade' | 'Downgrade' | null;
  selectable: boolean;
};

/** Spec 2.10: choose the plan to move to, then preview the change. */
export function ChangePlanPage() {
  useDocumentTitle('Change Plan');
  const navigate = useNavigate();
  const subscription = useMySubscription();
  const plans = usePlans();
  const [selected, setSelected] = useState<number | null>(null);

  const header = (
    <PageHeader
      title="Change Plan"
      subtitle="Choose the plan your firm should move to. You will see the cost of the change before anything is applied."
    />
  );

  if (subscription.isPending || plans.isPending)
    return (
      <>
        {header}
        <PageLoader label="Loading plans..." />
      </>
    );
  if (subscription.isError || plans.isError) {
    return (
      <>
        {header}
        <QueryError
          message={
            plans.isError
              ? SubscriptionMessages.plansLoadFailed
              : describeError(subscription.error, { fallback: SubscriptionMessages.subscriptionLoadFailed })
          }
          onRetry={() => Promise.all([subscription.refetch(), plans.refetch()])}
        />
      </>
    );
  }

  const sub = subscription.data;
  if (!sub || !isManageableStatus(sub.status)) {
    return (
      <>
        {header}
        <EmptyState
          title="No Active Subscription"
          description={
            sub
              ? 'Plan changes are available while your subscription is active or in its trial. Choose a plan to subscribe again.'
              : "Your firm doesn't have an active subscription plan."
          }
          action={
            <Button component={RouterLink} to={paths.app.plans} variant="contained" color="secondary">
              Choose a Plan
            </Button>
          }
        />
      </>
    );
  }

  const currentPrice = sub.plan?.monthly_price ?? null;
  const options: Selectable[] = plans.data.map((plan) => {
    const current = plan.id === sub.plan_id;
    const priced = hasPrice(plan);
    return {
      plan,
      current,
      direction: current || !priced ? null : changeDirection(currentPrice, plan.monthly_price),
      selectable: !current && priced,
    };
  });
  const chosen = options.find((option) => option.plan.id === selected);

  return (
    <>
      {header}
      {options.length <= 1 ? (
        <EmptyState
          title="No other plans to move to"
          description="Your firm is on the only plan available right now."
        />
      ) : (
        <Grid container spacing={3} role="radiogroup" aria-label="Plans">
          {options.map(({ plan, current, direction, selectable }) => {
            const isSelected = selected === plan.id;
            const price = priceNumber(plan.monthly_price);
            return (
              <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card
                  sx={{
                    height: '100%',
                    borderWidth: 2,
                    borderColor: isSelected ? 'primary.main' : current ? 'success.light' : 'divider',
                    bgcolor: current ? 'grey.50' : 'background.paper',
                    opacity: selectable || current ? 1 : 0.85,
                  }}
                >
                  <CardActionArea
                    role="radio"
                    aria-checked={isSelected}
                    aria-disabled={!selectable}
                    aria-label={`${planName(plan)}${current ? ' (current plan)' : direction ? ` (${direction.toLowerCase()})` : ''}`}
                    disabled={!selectable}
                    onClick={() => setSelected(plan.id ?? null)}
                    sx={{
                      height: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'stretch',
                      justifyContent: 'flex-start',
                    }}
                  >
                    <CardContent sx={{ p: 3 }}>
                      <Stack
                        direction="row"
                        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
                      >
                        <Typography variant="h6" component="h2">
                          {planName(plan)}
                        </Typography>
                        <Box aria-hidden sx={{ color: isSelected ? 'primary.main' : 'text.disabled' }}>
                          {isSelected ? <CheckCircleIcon /> : <RadioButtonUncheckedIcon />}
                        </Box>
                      </Stack>
                      <Box sx={{ my: 1, minHeight: 28 }}>
                        {current ? <Chip label="Current" color="success" size="small" /> : null}
                        {direction ? (
                          <Chip
                            label={direction}
                            color={direction === 'Upgrade' ? 'primary' : 'warning'}
                            size="small"
                            variant="outlined"
                          />
                        ) : null}
                        {!current && price === null ? (
                          <Chip label="Contact Sales" size="small" variant="outlined" />
                        ) : null}
                      </Box>
                      {price === null ? (
                        <Typography sx={{ fontSize: '1.4rem', fontWeight: 800 }}>Contact Us</Typography>
                      ) : (
                        <>
                          <Typography sx={{ fontSize: '1.4rem', fontWeight: 800 }}>
                            {formatRand(price)}/mo
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            Billed monthly
                          </Typography>
                        </>
                      )}
                      <Divider sx={{ my: 2 }} />
                      <PlanFeatureList
                        items={buildPlanFeatureList(plan)}
                        label={`Features of ${planName(plan)}`}
                      />
                      {price === null && !current ? (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          Priced per firm: contact our sales team from the plans page.
                        </Typography>
                      ) : null}
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      )}
      <Paper
        variant="outlined"
        sx={{
          mt: 3,
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          position: 'sticky',
          bottom: 16,
        }}
      >
        <Typography color="text.secondary">
          {chosen ? (
            <>
              Selected: <strong>{planName(chosen.plan)}</strong>
              {chosen.direction ? ` (${chosen.direction})` : ''}
            </>
          ) : (
            'Select a plan to preview the change.'
          )}
        </Typography>
        <Stack direction="row" spacing={1.5}>
          <Button component={RouterLink} to={paths.app.subscription}>
            Back
          </Button>
          <Button
            variant="contained"
            disabled={!chosen}
            onClick={() =>
              chosen &&
              navigate(
                `${paths.app.subscriptionPreview}?planId=${chosen.plan.id}&billingCycle=${BILLING_CYCLE}`,
              )
            }
          >
            Preview Change
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
