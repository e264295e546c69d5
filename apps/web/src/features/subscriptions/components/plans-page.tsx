import { SubscriptionErrors, type BillingCycle } from '@lexserve/contracts/subscriptions';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isApiRequestError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { usePlanCatalogue } from '../api/plans';
import { describeSelectPlanError, useSelectPlan } from '../api/select-plan';
import { hasPrice, planName, type PlanLike } from '../plan-display';
import { isSubscriptionActive } from '../subscription-status';
import { PlanConfirmationDialog } from './plan-confirmation-dialog';
import { PlansCatalogue } from './plans-catalogue';
import { SalesContactDialog } from './sales-contact-dialog';

/** What other pages may hand to /app/plans: the plan to pick up again and a message (spec 2.3, 2.6). */
type PlansPageState = { selectedPlan?: number | string | null; message?: string | null };

type Confirmation = {
  plan: PlanLike;
  subscriptionId: number;
  amount: string;
  billingCycle: BillingCycle;
  trialDays: number;
};

const toId = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** 'Choose Plan' in the app (spec 2.3 and 2.4). */
export function PlansPage() {
  useDocumentTitle('Choose Your Plan');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as PlansPageState;
  const preselectedId = toId(state.selectedPlan) ?? toId(params.get('selectedPlan'));
  const [message, setMessage] = useState<string | null>(state.message ?? params.get('message'));

  const { data: user } = useCurrentUser();
  const isFirmAdmin = user?.role === 'firm_admin';
  const isFirmRole =
    user?.role === 'firm_admin' || user?.role === 'branch_admin' || user?.role === 'legal_practitioner';
  const subscription = useMySubscription({ enabled: isFirmRole });
  const active = isSubscriptionActive(subscription.data);
  const catalogue = usePlanCatalogue();

  const select = useSelectPlan();
  const [busyPlanId, setBusyPlanId] = useState<number | null>(null);
  const [error, setError] = useState<{ text: string; contactSales: boolean } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [salesPlan, setSalesPlan] = useState<PlanLike | null>(null);
  const [salesOpen, setSalesOpen] = useState(false);

  const openSales = (plan: PlanLike | null) => {
    setSalesPlan(plan);
    setSalesOpen(true);
  };

  const onChoose = async (plan: PlanLike) => {
    setError(null);
    if (!hasPrice(plan)) return openSales(plan);
    if (!plan.id) {
      setError({ text: SubscriptionErrors.INVALID_PLAN_SELECTION.message, contactSales: false });
      return;
    }
    if (active) {
      // A subscribed firm changes plan through the preview, never by buying a second subscription.
      navigate(`${paths.app.subscriptionPreview}?planId=${plan.id}&billingCycle=monthly`);
      return;
    }
    setBusyPlanId(plan.id);
    try {
      // The plans page always offers the monthly cycle (spec 2.3 and the product decisions).
      const result = await select.mutateAsync({ plan_id: plan.id, billing_cycle: 'monthly' });
      setConfirmation({
        plan,
        subscriptionId: result.subscription_id ?? result.data.subscription_id,
        amount: result.data?.amount ?? String(plan.monthly_price ?? ''),
        billingCycle: result.data?.billing_cycle ?? 'monthly',
        trialDays: result.data?.trial_days ?? plan.trial_days ?? 0,
      });
    } catch (caught) {
      const contactSales =
        isApiRequestError(caught) && caught.code === SubscriptionErrors.PLAN_CONTACT_SALES.code;
      setError({ text: describeSelectPlanError(caught), contactSales });
    } finally {
      setBusyPlanId(null);
    }
  };

  const preselected = preselectedId ? catalogue.data?.find((plan) => plan.id === preselectedId) : undefined;
  const currentPlanId = active ? (subscription.data?.plan_id ?? null) : null;

  const notices = (
    <>
      {message ? (
        <Alert severity="info" onClose={() => setMessage(null)}>
          {message}
        </Alert>
      ) : null}
      {preselected && isFirmAdmin && !active ? (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              onClick={() => void onChoose(preselected)}
              disabled={busyPlanId !== null}
            >
              Continue with {planName(preselected)}
            </Button>
          }
        >
          You picked the <strong>{planName(preselected)}</strong> plan. Continue when you are ready.
        </Alert>
      ) : null}
      {active && isFirmAdmin ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.app.subscriptionChangePlan} color="inherit" size="small">
              Change Plan
            </Button>
          }
        >
          Your firm is subscribed to the <strong>{planName(subscription.data?.plan ?? undefined)}</strong>{' '}
          plan. Choosing another plan shows you a preview of the change first.
        </Alert>
      ) : null}
      {user && !isFirmAdmin ? (
        <Alert severity="info">
          <AlertTitle>Only your firm administrator can choose a plan</AlertTitle>
          {isFirmRole
            ? 'Ask your firm administrator to choose a subscription plan for your firm. You can browse the plans below.'
            : 'Plans are chosen by firm administrators for their firms. You can browse the plans below.'}
        </Alert>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setError(null)}
          action={
            error.contactSales ? (
              <Button color="inherit" size="small" onClick={() => openSales(null)}>
                Contact Sales
              </Button>
            ) : undefined
          }
        >
          {error.text}
        </Alert>
      ) : null}
    </>
  );

  return (
    <>
      <PlansCatalogue
        onChoose={(plan) => void onChoose(plan)}
        choosingLocked={!isFirmAdmin}
        busyPlanId={busyPlanId}
        preselectedPlanId={preselectedId}
        currentPlanId={currentPlanId}
        notices={notices}
        onContactSales={() => openSales(null)}
      />
      {confirmation ? (
        <PlanConfirmationDialog
          open
          plan={confirmation.plan}
          subscriptionId={confirmation.subscriptionId}
          amount={confirmation.amount}
          billingCycle={confirmation.billingCycle}
          trialDays={confirmation.trialDays}
          onClose={() => setConfirmation(null)}
        />
      ) : null}
      <SalesContactDialog
        open={salesOpen}
        plan={salesPlan}
        defaults={user ? { name: user.full_name, email: user.email, phone: user.phone_number } : undefined}
        onClose={() => setSalesOpen(false)}
      />
    </>
  );
}
