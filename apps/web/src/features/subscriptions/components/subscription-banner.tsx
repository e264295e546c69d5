import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Banner for firm roles without an active subscription (spec 2.2). */
export function SubscriptionBanner({ showAction = true }: { showAction?: boolean }) {
  const location = useLocation();
  // On the plans page the plans are right below: the button would lead nowhere new.
  const action = showAction && location.pathname.replace(/\/+$/, '') !== paths.app.plans;
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        action ? (
          <Button component={RouterLink} to={paths.app.plans} color="inherit" size="small" variant="outlined">
            View Plans
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Choose Your Subscription Plan</AlertTitle>
      Your firm needs an active subscription to access LexServe features. Select a plan below to start using
      the platform.
    </Alert>
  );
}
