import CreditCardIcon from '@mui/icons-material/CreditCard';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { formatLongDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DetailRows, PaymentResultLayout } from './payment-result-layout';

/** The provider's return page after a card update (spec 2.7). */
export function CardUpdateSuccessPage() {
  useDocumentTitle('Payment Method Updated');
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const [updatedOn] = useState(() => new Date());
  const subscriptionId = params.get('subscription_id');

  return (
    <PaymentResultLayout
      icon={<CreditCardIcon />}
      tone="success"
      title="Payment Method Updated!"
      lead="Your card details were updated. Future subscription payments will be charged to the new card."
    >
      <DetailRows
        label="Update details"
        rows={[
          { label: 'Subscription ID', value: subscriptionId || '-' },
          { label: 'Updated By', value: user?.full_name || user?.display_name || user?.email || '-' },
          { label: 'Updated On', value: formatLongDateTime(updatedOn) },
        ]}
      />
      <Alert icon={<LockOutlinedIcon aria-hidden />} severity="info" sx={{ my: 3 }}>
        Your card details are stored securely by PayFast, our payment provider. LexServe never sees or stores
        your full card number.
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to={paths.app.userPlan} variant="contained">
          Back to Subscription
        </Button>
        <Button component={RouterLink} to={paths.app.dashboard} variant="outlined">
          Go to Dashboard
        </Button>
      </Stack>
    </PaymentResultLayout>
  );
}
