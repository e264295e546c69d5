import { SALES_CONTACT_SUBMITTED } from '@lexserve/contracts/subscription-constants';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Dialog } from '../../../components/plain/dialog';
import { Icon } from '../../../components/plain/icon';
import { Spinner } from '../../../components/plain/spinner';
import { TextArea, TextField } from '../../../components/plain/text-field';
import { describeError } from '../../../lib/api-client';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { useSalesContact } from '../api/sales-contact';
import { planName, type PlanLike } from '../plan-display';

type SalesContactDefaults = {
  name?: string;
  email?: string;
  phone?: string | null;
  firm_name?: string | null;
};

type Props = { open: boolean; plan: PlanLike | null; defaults?: SalesContactDefaults; onClose: () => void };

/**
 * 'Contact Us' plans (product decision): a short form that is stored and notifies the system
 * admins; the answer is the spec's 'Sales contact request submitted!...'. Plain kit (public /plans and /app/plans).
 */
export function SalesContactDialog({ open, plan, defaults, onClose }: Props) {
  const titleId = useId();
  const mutation = useSalesContact();
  const form = useForm({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { SalesContactInputSchema }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('@lexserve/contracts/subscriptions'),
      ]);
      return zodResolver(SalesContactInputSchema);
    }),
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
    <Dialog open={open} onClose={close} labelledBy={titleId}>
      <h2 id={titleId} className="ls-dialog__title">
        {plan ? `Talk to sales about ${planName(plan)}` : 'Contact Sales'}
      </h2>
      {mutation.isSuccess ? (
        <>
          <div className="ls-dialog__content">
            <div role="status" style={{ textAlign: 'center', padding: '16px 0' }}>
              <Icon name="checkCircleOutlined" size={56} className="ls-tone-success" />
              <p className="ls-p" style={{ marginTop: 8, fontWeight: 600 }}>
                {SALES_CONTACT_SUBMITTED}
              </p>
            </div>
          </div>
          <div className="ls-dialog__actions">
            <Button variant="contained" onClick={close} autoFocus>
              Close
            </Button>
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}
        >
          <div className="ls-dialog__content">
            <p className="ls-p ls-muted" style={{ marginBottom: 16 }}>
              This plan is priced for your firm. Leave your details and our team will contact you with a
              quote.
            </p>
            {mutation.isError ? (
              <Alert severity="error" className="ls-gutter">
                {describeError(mutation.error, {
                  fallback: 'Failed to submit your request. Please try again.',
                })}
              </Alert>
            ) : null}
            <div className="ls-grid ls-grid--sm-2" style={{ paddingTop: 8 }}>
              <TextField label="Your Name" required autoComplete="name" {...fieldProps(form, 'name')} />
              <TextField
                label="Email Address"
                type="email"
                required
                autoComplete="email"
                {...fieldProps(form, 'email')}
              />
              <TextField
                label="Phone Number (optional)"
                type="tel"
                autoComplete="tel"
                {...fieldProps(form, 'phone')}
              />
              <TextField
                label="Firm Name (optional)"
                autoComplete="organization"
                {...fieldProps(form, 'firm_name')}
              />
              <TextArea
                label="How can we help? (optional)"
                className="ls-span-all"
                {...fieldProps(form, 'message', {
                  helperText: 'For example: number of branches, users and documents a month.',
                })}
              />
            </div>
          </div>
          <div className="ls-dialog__actions">
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <Spinner size={16} /> : undefined}
            >
              {busy ? 'Sending...' : 'Send Request'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
