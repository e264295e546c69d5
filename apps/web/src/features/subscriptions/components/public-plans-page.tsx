import { SubscriptionMessages } from '@lexserve/contracts/subscription-constants';
import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../components/plain/button';
import { paths } from '../../../config/paths';
import type { LoginRedirectState } from '../../../lib/auth';
import { hasPrice, type PlanLike } from '../plan-display';
import { PlansCatalogue } from './plans-catalogue';
import { SalesContactDialog } from './sales-contact-dialog';

/** The state the login page forwards to /app/plans after a plan was chosen while signed out (spec 2.3). */
const loginStateForPlan = (planId: number): LoginRedirectState => ({
  message: SubscriptionMessages.loginToSelectPlan,
  from: paths.app.plans,
  returnState: { selectedPlan: planId },
});

/** 'See Our Plans' for visitors (spec 2.3): choosing a plan asks for login and carries the plan there. Plain kit. */
export function PublicPlansPage() {
  const navigate = useNavigate();
  const [salesPlan, setSalesPlan] = useState<PlanLike | null>(null);
  const [salesOpen, setSalesOpen] = useState(false);

  const onChoose = (plan: PlanLike) => {
    if (!hasPrice(plan)) {
      setSalesPlan(plan);
      setSalesOpen(true);
      return;
    }
    if (!plan.id) return;
    navigate(paths.login, { state: loginStateForPlan(plan.id) });
  };

  return (
    <div className="ls-plans-public">
      <div className="ls-container ls-container--lg">
        <PlansCatalogue
          onChoose={onChoose}
          onContactSales={() => {
            setSalesPlan(null);
            setSalesOpen(true);
          }}
        />
        <section className="ls-plans-public__join">
          <h2 className="ls-h5">New to LexServe?</h2>
          <p className="ls-p ls-muted" style={{ margin: '8px 0 16px' }}>
            Create your firm&apos;s account in a few minutes, then choose the plan that fits your practice.
          </p>
          <div className="ls-row" style={{ '--ls-gap': '12px', justifyContent: 'center' } as CSSProperties}>
            <ButtonLink to={paths.signup} variant="contained" gold large>
              Create an account
            </ButtonLink>
            <ButtonLink to={paths.login} variant="outlined" large>
              Log in
            </ButtonLink>
          </div>
        </section>
      </div>
      <SalesContactDialog open={salesOpen} plan={salesPlan} onClose={() => setSalesOpen(false)} />
    </div>
  );
}
