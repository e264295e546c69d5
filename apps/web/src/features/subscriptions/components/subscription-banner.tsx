import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Banner for firm roles without an active subscription (spec 2.6). */
export function SubscriptionBanner({ showAction = true }: { showAction?: boolean }) {
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        showAction ? (
          <Button component={RouterLink} to={paths.app.plans} color="inherit" size="small" variant="outlined">
            View Plans
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Choose Your Subscription Plan</AlertTitle>
      Your firm needs an active subscription to access the product&apos;s features. Select a plan below to start using the
      platform.
    </Alert>
  );
}
