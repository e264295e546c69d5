import { useId } from 'react';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
import { Spinner } from '../../../components/plain/spinner';
import {
  DEFAULT_PLAN_DESCRIPTION,
  buildPlanFeatureList,
  hasPrice,
  isPopularPlan,
  planName,
  planPriceLabel,
  type PlanLike,
} from '../plan-display';
import { PlanFeatureList } from './plan-feature-list';

type PlanCardProps = {
  plan: PlanLike;
  onChoose: (plan: PlanLike) => void;
  /** This card's selection is running: 'Selecting...'. */
  busy?: boolean;
  /** Another card is busy, or the user may not choose. */
  disabled?: boolean;
  /** The plan the user picked before logging in or before a cancelled payment. */
  preselected?: boolean;
  /** The firm's current plan. */
  current?: boolean;
};

/** One plan of the plans pages (spec 2.3), public and in the app. Plain kit (plans.css). */
export function PlanCard({
  plan,
  onChoose,
  busy = false,
  disabled = false,
  preselected = false,
  current = false,
}: PlanCardProps) {
  const titleId = useId();
  const popular = isPopularPlan(plan);
  const priced = hasPrice(plan);
  const trialDays = plan.trial_days ?? 0;
  const name = planName(plan);
  const highlighted = popular || preselected;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="plan-card"
      className={['ls-plan', popular && 'ls-plan--popular', preselected && 'ls-plan--preselected']
        .filter(Boolean)
        .join(' ')}
    >
      {popular ? (
        <span className="ls-chip ls-chip--gold ls-plan__badge">
          <Icon name="star" />
          <span className="ls-chip__label">Most Popular</span>
        </span>
      ) : null}
      <div className="ls-plan__body">
        <h2 id={titleId} className="ls-h5" style={{ color: 'var(--ls-navy)' }}>
          {name}
        </h2>
        <div className="ls-plan__price">
          <p className={priced ? 'ls-plan__amount' : 'ls-plan__amount ls-plan__amount--quote'}>
            {planPriceLabel(plan)}
          </p>
          {priced ? <span className="ls-muted">/month</span> : null}
        </div>
        <div className="ls-plan__chips">
          {trialDays > 0 ? (
            <span className="ls-chip ls-chip--outlined-success">
              <span className="ls-chip__label">{`${trialDays} days free trial`}</span>
            </span>
          ) : null}
          {current ? (
            <span className="ls-chip ls-chip--navy">
              <span className="ls-chip__label">Current Plan</span>
            </span>
          ) : null}
        </div>
        <p className="ls-p ls-body2 ls-muted" style={{ minHeight: 60 }}>
          {plan.description || DEFAULT_PLAN_DESCRIPTION}
        </p>
        <hr className="ls-divider" />
        <PlanFeatureList items={buildPlanFeatureList(plan)} label={`Features of ${name}`} />
      </div>
      <div className="ls-plan__actions">
        <Button
          fullWidth
          large
          variant={highlighted ? 'contained' : 'outlined'}
          gold={popular && !preselected}
          disabled={disabled || busy || current}
          onClick={() => onChoose(plan)}
          startIcon={busy ? <Spinner size={18} /> : undefined}
          aria-label={
            current
              ? `${name} is your current plan`
              : priced
                ? `Choose Plan: ${name}`
                : `Contact sales about ${name}`
          }
        >
          {busy ? 'Selecting...' : current ? 'Current Plan' : priced ? 'Choose Plan' : 'Contact Sales'}
        </Button>
      </div>
    </article>
  );
}
