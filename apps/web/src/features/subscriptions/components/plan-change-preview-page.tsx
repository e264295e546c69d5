import {
  BILLING_CYCLES,
  SubscriptionErrors,
  SubscriptionMessages,
  type BillingCycle,
  type PlanChangePreview,
} from '@lexserve/contracts/subscriptions';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { describeCardUpdateError, useCardUpdate } from '../api/manage-subscription';
import {
  describeChangePlanError,
  describePreviewError,
  previewPlanChange,
  useChangePlan,
  type EffectiveDate,
} from '../api/plan-change';
import { subscriptionKeys } from '../keys';
import { limitLabel, limitValue, monthlyDifferenceLabel, planName, visibleWarnings } from '../plan-display';
import { PageHeader } from './page-header';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const parseCycle = (value: string | null): BillingCycle | null =>
  value && (BILLING_CYCLES as readonly string[]).includes(value) ? (value as BillingCycle) : null;

/** 'Review Plan Change' (spec 2.11). */
export function PlanChangePreviewPage() {
  useDocumentTitle('Review Plan Change');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = Number(params.get('planId'));
  const billingCycle = parseCycle(params.get('billingCycle')) ?? 'monthly';
  const validPlan = Number.isInteger(planId) && planId > 0;
  const [effective, setEffective] = useState<EffectiveDate>('immediate');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [changeError, setChangeError] = useState<{ text: string; paymentMethod: boolean } | null>(null);
  const subscription = useMySubscription();
  const cardUpdate = useCardUpdate();
  const change = useChangePlan();

  const preview = useQuery({
    queryKey: subscriptionKeys.changePreview(planId, billingCycle, effective),
    queryFn: () =>
      previewPlanChange({ new_plan_id: planId, billing_cycle: billingCycle, effective_date: effective }),
    enabled: validPlan,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

  const header = (
    <PageHeader
      title="Review Plan Change"
      subtitle="Check what changes, and what it costs, before you confirm."
    />
  );

  if (!validPlan || preview.isError) {
    return (
      <>
        {header}
        <EmptyState
          title="Preview Not Available"
          description={
            preview.isError ? describePreviewError(preview.error) : SubscriptionMessages.previewUnavailable
          }
          action={
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
              <Button component={RouterLink} to={paths.app.subscriptionChangePlan} variant="contained">
                Choose Another Plan
              </Button>
              {validPlan ? <Button onClick={() => void preview.refetch()}>Try Again</Button> : null}
            </Stack>
          }
        />
      </>
    );
  }
  if (preview.isPending)
    return (
      <>
        {header}
        <PageLoader label="Preparing your preview..." />
      </>
    );

  const data: PlanChangePreview = preview.data;
  const immediateAllowed = data.can_apply_immediately;
  const effectiveDate: EffectiveDate = immediateAllowed ? effective : 'next_billing_cycle';
  const warnings = visibleWarnings(data.warnings);
  const isDowngrade = data.change_type === 'downgrade';
  const newName = planName(data.new_plan);
  const limitChanges = Object.entries(data.limit_changes ?? {});
  const nextDate = data.next_billing_cycle_date ?? subscription.data?.end_date ?? null;

  const confirm = async () => {
    setChangeError(null);
    try {
      const confirmation = await change.mutateAsync({
        new_plan_id: planId,
        billing_cycle: billingCycle,
        effective_date: effectiveDate,
      });
      setConfirmOpen(false);
      navigate(paths.app.subscriptionConfirmation, { state: { confirmation } });
    } catch (caught) {
      setConfirmOpen(false);
      const paymentMethod =
        isApiRequestError(caught) && caught.code === SubscriptionErrors.PAYMENT_METHOD_REQUIRED.code;
      setChangeError({ text: describeChangePlanError(caught), paymentMethod });
    }
  };

  return (
    <>
      {header}
      <Stack spacing={3}>
        {changeError ? (
          <Alert
            severity="error"
            role="alert"
            onClose={() => setChangeError(null)}
            action={
              changeError.paymentMethod && subscription.data ? (
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => cardUpdate.mutate(subscription.data!.id)}
                  disabled={cardUpdate.isPending}
                >
                  Update Payment
                </Button>
              ) : undefined
            }
          >
            {changeError.text}
          </Alert>
        ) : null}
        {cardUpdate.isError ? (
          <Alert severity="error" onClose={() => cardUpdate.reset()}>
            {describeCardUpdateError(cardUpdate.error)}
          </Alert>
        ) : null}
        {warnings.length ? (
          <Alert severity="warning">
            <AlertTitle>Important Notices</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Section title="Summary">
              <Table size="small" aria-label="Plan change summary">
                <TableBody>
                  {[
                    ['Current Plan', planName(data.current_plan)],
                    ['New Plan', newName],
                    ['Current Monthly Cost', formatRand(data.current_monthly_cost)],
                    ['New Monthly Cost', formatRand(data.new_monthly_cost)],
                  ].map(([label, value]) => (
                    <TableRow key={label}>
                      <TableCell
                        component="th"
                        scope="row"
                        sx={{ color: 'text.secondary', fontWeight: 600, border: 0, pl: 0 }}
                      >
                        {label}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600, border: 0, pr: 0 }}>
                        {value}
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow sx={{ borderTop: 1, borderColor: 'divider' }}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 700, border: 0, pl: 0 }}>
                      Monthly Difference
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        fontWeight: 800,
                        border: 0,
                        pr: 0,
                        color: data.monthly_difference > 0 ? 'warning.main' : 'success.main',
                        fontSize: '1.1rem',
                      }}
                    >
                      {monthlyDifferenceLabel(data.monthly_difference, data.change_type)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Section>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Section title="When to Apply Change">
              {immediateAllowed ? (
                <>
                  <ToggleButtonGroup
                    exclusive
                    fullWidth
                    color="primary"
                    value={effective}
                    onChange={(_, value: EffectiveDate | null) => value && setEffective(value)}
                    aria-label="When to apply the change"
                  >
                    <ToggleButton value="immediate">Apply Immediately</ToggleButton>
                    <ToggleButton value="next_billing_cycle">Next Billing Cycle</ToggleButton>
                  </ToggleButtonGroup>
                  {effective === 'immediate' ? (
                    <Box
                      component="dl"
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: '1fr auto',
                        rowGap: 1,
                        columnGap: 2,
                        mt: 2,
                        mb: 0,
                      }}
                    >
                      <Typography component="dt" color="text.secondary">
                        Days remaining
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                        {data.days_remaining_in_period}
                      </Typography>
                      <Typography component="dt" color="text.secondary">
                        Prorated credit
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                        {formatRand(data.prorated_credit)}
                      </Typography>
                      <Typography component="dt" color="text.secondary">
                        Prorated charge
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                        {formatRand(data.prorated_charge)}
                      </Typography>
                      <Typography component="dt" color="text.secondary">
                        Effective date
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                        {formatDate(data.immediate_effective_date)}
                      </Typography>
                    </Box>
                  ) : (
                    <Typography color="text.secondary" sx={{ mt: 2 }}>
                      The change will be applied at your next billing cycle: {formatDate(nextDate)}.
                    </Typography>
                  )}
                </>
              ) : (
                <Alert severity="info">
                  This change will be applied at your next billing cycle: {formatDate(nextDate)}
                </Alert>
              )}
            </Section>
          </Grid>
        </Grid>
        <Section title="What's Changing">
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Typography sx={{ fontWeight: 700, mb: 1 }}>Features you gain</Typography>
              {data.feature_gains.length ? (
                <List dense disablePadding>
                  {data.feature_gains.map((feature) => (
                    <ListItem key={feature} disableGutters>
                      <ListItemIcon sx={{ minWidth: 30 }}>
                        <AddCircleOutlineIcon fontSize="small" color="success" aria-hidden />
                      </ListItemIcon>
                      <ListItemText primary={feature} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">None</Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Typography sx={{ fontWeight: 700, mb: 1 }}>Features you lose</Typography>
              {data.feature_losses.length ? (
                <List dense disablePadding>
                  {data.feature_losses.map((feature) => (
                    <ListItem key={feature} disableGutters>
                      <ListItemIcon sx={{ minWidth: 30 }}>
                        <RemoveCircleOutlineIcon fontSize="small" color="error" aria-hidden />
                      </ListItemIcon>
                      <ListItemText primary={feature} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">None</Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Typography sx={{ fontWeight: 700, mb: 1 }}>Limit changes</Typography>
              {limitChanges.length ? (
                <List dense disablePadding>
                  {limitChanges.map(([key, change]) => (
                    <ListItem key={key} disableGutters>
                      <ListItemText
                        primary={limitLabel(key)}
                        secondary={`${limitValue(change.from)} → ${limitValue(change.to)}`}
                      />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">No limit changes</Typography>
              )}
            </Grid>
          </Grid>
        </Section>
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button component={RouterLink} to={paths.app.subscriptionChangePlan}>
            Back
          </Button>
          <Button
            variant="contained"
            size="large"
            onClick={() => setConfirmOpen(true)}
            disabled={preview.isFetching}
          >
            Confirm Change
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmOpen}
        type={isDowngrade ? 'warning' : 'info'}
        title="Confirm Plan Change"
        message={
          <>
            Are you sure you want to change to the {newName} plan?
            {isDowngrade ? (
              <Box component="span" sx={{ display: 'block', mt: 1.5 }}>
                Please ensure your usage is within the new plan limits before confirming.
              </Box>
            ) : null}
          </>
        }
        confirmLabel={change.isPending ? 'Changing...' : 'Confirm Change'}
        loading={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
