import { zodResolver } from '@hookform/resolvers/zod';
import { SALES_CONTACT_SUBMITTED, SalesContactInputSchema } from '@lexserve/contracts/subscriptions';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { describeError } from '../../../lib/api-client';
import { fieldProps } from '../../../lib/form';
import { useSalesContact } from '../api/sales-contact';
import { planName, type PlanLike } from '../plan-display';

type SalesContactDefaults = { name?: string; email?: string; phone?: string | null; firm_name?: string | null };

type Props = { open: boolean; plan: PlanLike | null; defaults?: SalesContactDefaults; onClose: () => void };

/**
 * 'Contact Us' plans (product decision): a short form that is stored and notifies the system
 * admins; the answer is the spec's 'Sales contact request submitted!...'.
 */
export function SalesContactDialog({ open, plan, defaults, onClose }: Props) {
  const titleId = useId();
  const mutation = useSalesContact();
  const form = useForm({
    resolver: zodResolver(SalesContactInputSchema),
    mode: 'onTouched',
    values: {
      name: defaults?.name ?? '',
      email: defaults?.email ?? '',
      phone: defaults?.phone ?? '',
      firm_name: defaults?.firm_name ?? '',
      plan_id: plan?.id ?? null,
      message: '',
    },
  });
  const busy = mutation.isPending;
  const close = () => {
    if (busy) return;
    mutation.reset();
    form.reset();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{plan ? `Talk to sales about ${planName(plan)}` : 'Contact Sales'}</DialogTitle>
      {mutation.isSuccess ? (
        <>
          <DialogContent>
            <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
              <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography sx={{ mt: 1, fontWeight: 600 }}>{SALES_CONTACT_SUBMITTED}</Typography>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={close} autoFocus>
              Close
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This plan is priced for your firm. Leave your details and our team will contact you with a quote.
            </DialogContentText>
            {mutation.isError ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {describeError(mutation.error, { fallback: 'Failed to submit your request. Please try again.' })}
              </Alert>
            ) : null}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Your Name" required autoComplete="name" {...fieldProps(form, 'name')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Email Address" type="email" required autoComplete="email" {...fieldProps(form, 'email')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Phone Number (optional)" type="tel" autoComplete="tel" {...fieldProps(form, 'phone')} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField label="Firm Name (optional)" autoComplete="organization" {...fieldProps(form, 'firm_name')} />
              </Grid>
              <Grid size={12}>
                <TextField
                  label="How can we help? (optional)"
                  multiline
                  minRows={3}
                  {...fieldProps(form, 'message', { helperText: 'For example: number of branches, users and documents a month.' })}
                />
              </Grid>
            </Grid>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {busy ? 'Sending...' : 'Send Request'}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
