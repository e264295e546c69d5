import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
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

/** 'See Our Plans' for visitors (spec 2.3): choosing a plan asks for login and carries the plan there. */
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
    <Box sx={{ bgcolor: 'background.default', py: { xs: 4, md: 8 } }}>
      <Container maxWidth="lg">
        <PlansCatalogue
          onChoose={onChoose}
          onContactSales={() => {
            setSalesPlan(null);
            setSalesOpen(true);
          }}
        />
        <Paper variant="outlined" sx={{ mt: 6, p: { xs: 3, md: 4 }, textAlign: 'center' }}>
          <Typography variant="h5" component="h2">
            New to LexServe?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
            Create your firm&apos;s account in a few minutes, then choose the plan that fits your practice.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to={paths.signup} variant="contained" color="secondary" size="large">
              Create an account
            </Button>
            <Button component={RouterLink} to={paths.login} variant="outlined" size="large">
              Log in
            </Button>
          </Stack>
        </Paper>
      </Container>
      <SalesContactDialog open={salesOpen} plan={salesPlan} onClose={() => setSalesOpen(false)} />
    </Box>
  );
}
