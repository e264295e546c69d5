import { zodResolver } from '@hookform/resolvers/zod';
import {
  PLAN_FEATURE_FLAGS,
  PLAN_FEATURE_LABELS,
  PLAN_TYPES,
  type Plan,
} from '@lexserve/contracts/subscriptions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useToast } from '../../../components/toast-provider';
import { fieldProps } from '../../../lib/form';
import { describePlanError, useCreatePlan, useUpdatePlan } from '../api/plans';
import {
  DEFAULT_PLAN_FORM,
  PLAN_TYPE_LABELS,
  makePlanFormSchema,
  planToForm,
  toCreatePlanPayload,
  toUpdatePlanPayload,
  type PlanFormOutput,
  type PlanFormValues,
} from '../plan-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography
        component="legend"
        variant="subtitle1"
        sx={{ fontWeight: 700, color: 'primary.main', mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const rand = {
  input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

/** Create or edit a plan (spec 2.14 and the rules of spec 3 and 5). */
export function PlanFormDialog({
  open,
  plan,
  onClose,
}: {
  open: boolean;
  plan: Plan | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const editing = plan !== null;
  const priceOptional = editing && plan.monthly_price === null;
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: zodResolver(makePlanFormSchema({ priceOptional })),
    mode: 'onTouched',
    defaultValues: plan ? planToForm(plan) : DEFAULT_PLAN_FORM,
  });
  const planType = useWatch({ control: form.control, name: 'plan_type' });
  const busy = create.isPending || update.isPending;

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (plan) {
        const result = await update.mutateAsync({ id: plan.id, input: toUpdatePlanPayload(values, plan) });
        toast(result?.message || 'Subscription plan updated successfully');
      } else {
        const result = await create.mutateAsync(toCreatePlanPayload(values));
        toast(result?.message || 'Subscription plan created successfully');
      }
      onClose();
    } catch (caught) {
      setError(describePlanError(caught, plan ? 'update' : 'create'));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {editing ? 'Edit Subscription Plan' : 'Create New Subscription Plan'}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent dividers>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <Section title="Plan">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={form.control}
                  name="plan_type"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      label="Plan Type"
                      required
                      {...field}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {PLAN_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {PLAN_TYPE_LABELS[type]}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label="Plan Name"
                  value={planType}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  helperText="Set from the plan type; each plan type names one plan."
                  variant="filled"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label="Display Name"
                  required
                  {...fieldProps(form, 'display_name', {
                    helperText: 'What firms see, e.g. "Small Practice".',
                  })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label="Currency"
                  value="ZAR (South African rand)"
                  variant="filled"
                  slotProps={{ htmlInput: { readOnly: true } }}
                />
              </Grid>
              <Grid size={12}>
                <TextField label="Description" multiline minRows={2} {...fieldProps(form, 'description')} />
              </Grid>
            </Grid>
          </Section>
          <Divider sx={{ my: 3 }} />
          <Section title="Pricing">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Monthly Price"
                  required={!priceOptional}
                  slotProps={rand}
                  {...fieldProps(form, 'monthly_price', {
                    helperText: priceOptional ? "Leave empty to keep 'Contact Us'." : undefined,
                  })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Quarterly Price"
                  slotProps={rand}
                  {...fieldProps(form, 'quarterly_price', { helperText: 'Empty: 3 × monthly less 10%' })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <TextField
                  label="Annual Price"
                  slotProps={rand}
                  {...fieldProps(form, 'annual_price', { helperText: 'Empty: 12 × monthly less 20%' })}
                />
              </Grid>
            </Grid>
          </Section>
          <Divider sx={{ my: 3 }} />
          <Section title="Limits">
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  label="Max Digital Services / month"
                  type="number"
                  slotProps={{ htmlInput: { min: 0 } }}
                  {...fieldProps(form, 'max_digital_services', { helperText: '0 = unlimited' })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  label="Max Users"
                  type="number"
                  slotProps={{ htmlInput: { min: 0 } }}
                  {...fieldProps(form, 'max_users', { helperText: '0 = unlimited' })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  label="Max Branches"
                  type="number"
                  slotProps={{ htmlInput: { min: 1 } }}
                  {...fieldProps(form, 'max_branches', { helperText: 'At least 1' })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  label="Max Storage (GB)"
                  type="number"
                  slotProps={{ htmlInput: { min: 1 } }}
                  {...fieldProps(form, 'max_storage_gb', { helperText: 'At least 1 GB' })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                <TextField
                  label="Trial Days"
                  type="number"
                  slotProps={{ htmlInput: { min: 0 } }}
                  {...fieldProps(form, 'trial_days', { helperText: '0 = no free trial' })}
                />
              </Grid>
            </Grid>
          </Section>
          <Divider sx={{ my: 3 }} />
          <Section title="Features">
            <FormGroup
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
            >
              {PLAN_FEATURE_FLAGS.map((flag) => (
                <Controller
                  key={flag}
                  control={form.control}
                  name={`features.${flag}`}
                  render={({ field }) => (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(field.value)}
                          onChange={(event) => field.onChange(event.target.checked)}
                        />
                      }
                      label={PLAN_FEATURE_LABELS[flag]}
                    />
                  )}
                />
              ))}
            </FormGroup>
          </Section>
          <Divider sx={{ my: 3 }} />
          <Section title="Visibility">
            <FormGroup row sx={{ gap: 3 }}>
              <Controller
                control={form.control}
                name="is_active"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label="Active (offered to firms)"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="is_featured"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                    label="Featured (highlighted as popular)"
                  />
                )}
              />
            </FormGroup>
          </Section>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {editing ? 'Save Changes' : 'Create Plan'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
