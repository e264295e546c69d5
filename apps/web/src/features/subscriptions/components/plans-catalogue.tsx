import { SubscriptionMessages } from '@lexserve/contracts/subscription-constants';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
import { usePlanCatalogue } from '../api/plans';
import { hasPrice, type PlanLike } from '../plan-display';
import { PlanCard } from './plan-card';
import './plans.css';

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

/**
 * The heading and the plan cards shared by the public and the in-app plans pages (spec 2.3): loading, failed with
 * Retry, empty, or the cards. Plain kit, so that the public /plans loads no MUI; it looks the same in the app's shell.
 */
export function PlansCatalogue({
  onChoose,
  busyPlanId = null,
  preselectedPlanId = null,
  currentPlanId = null,
  notices,
  onContactSales,
  choosingLocked = false,
}: PlansCatalogueProps) {
  const plans = usePlanCatalogue();

  const content = () => {
    if (plans.isPending) return <PageLoader label="Loading plans..." />;
    if (plans.isError)
      return (
        <Alert
          severity="error"
          action={
            <Button
              className="ls-btn--small"
              style={{ color: 'inherit' }}
              onClick={() => void plans.refetch()}
            >
              Retry
            </Button>
          }
        >
          {SubscriptionMessages.plansLoadFailed}
        </Alert>
      );
    if (plans.data.length === 0)
      return (
        <div className="ls-plans__empty">
          <Icon name="inboxOutlined" size={48} className="ls-muted" />
          <p className="ls-h6 ls-gutter">No plans are available right now</p>
          <p className="ls-p ls-body2 ls-muted ls-plans__narrow">
            Our plans are being updated. Please check again shortly, or contact our sales team.
          </p>
          {onContactSales ? (
            <Button variant="contained" onClick={onContactSales} style={{ marginTop: 16 }}>
              Contact Sales
            </Button>
          ) : null}
        </div>
      );
    const list = plans.data;
    return (
      <div className={list.length >= 4 ? 'ls-plans__grid ls-plans__grid--4' : 'ls-plans__grid'}>
        {list.map((plan) => (
          <div key={plan.id} className="ls-plans__cell">
            <PlanCard
              plan={plan}
              onChoose={onChoose}
              busy={busyPlanId === plan.id}
              disabled={(busyPlanId !== null && busyPlanId !== plan.id) || (choosingLocked && hasPrice(plan))}
              preselected={preselectedPlanId === plan.id}
              current={currentPlanId === plan.id}
            />
          </div>
        ))}
      </div>
    );
  };

  return (
    <div>
      <header className="ls-plans__head">
        <h1 className="ls-h1 ls-plans__title">Choose Your Plan</h1>
        <p className="ls-p ls-muted ls-plans__lead">
          Simple monthly subscriptions for your legal practice, billed in rand. Serve, track and prove
          delivery of your legal documents from one place.
        </p>
      </header>
      {notices ? <div className="ls-plans__notices">{notices}</div> : null}
      {content()}
    </div>
  );
}
