import { AdminMessages } from '@lexserve/contracts/admin';
import type { Plan } from '@lexserve/contracts/subscriptions';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { describePlanError, useAdminPlans, useCreateDefaultPlans, useDeletePlan, useUpdatePlan } from '../api/plans';
import { cardFeatures, yearlySaving } from '../plan-form';
import { AdminPageHeader } from './admin-page-header';
import { PlanFormDialog } from './plan-form-dialog';

const limitText = (value: number, noun: string) => (value < 0 ? `Unlimited ${noun}` : `Up to ${value} ${noun}`);

function AdminPlanCard({
  plan,
  onEdit,
  onDelete,
  onToggle,
  toggling,
}: {
  plan: Plan;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (field: 'is_active' | 'is_featured', value: boolean) => void;
  toggling: boolean;
}) {
  const saving = yearlySaving(plan.monthly_price, plan.yearly_price);
  const features = cardFeatures(plan.feature_list ?? []);
  return (
    <Card component="article" aria-label={plan.display_name} sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: plan.is_featured ? 'secondary.main' : undefined, borderWidth: plan.is_featured ? 2 : 1, opacity: plan.is_active ? 1 : 0.8 }}>
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {plan.display_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {plan.name}
            </Typography>
          </Box>
          <Stack direction="row" spacing={0.5}>
            {plan.is_featured ? <Chip icon={<StarIcon />} label="Featured" color="secondary" size="small" /> : null}
            <Chip label={plan.is_active ? 'Active' : 'Inactive'} color={plan.is_active ? 'success' : 'default'} size="small" variant="outlined" />
          </Stack>
        </Stack>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, mt: 1.5 }}>
          {plan.monthly_price ? (
            <>
              {formatRand(plan.monthly_price)}
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                /month
              </Typography>
            </>
          ) : (
            'Contact Us'
          )}
        </Typography>
        {plan.yearly_price ? (
          <Typography variant="body2" color="text.secondary">
            {formatRand(plan.yearly_price)}/year{saving ? ` (save ${formatRand(saving)})` : ''}
          </Typography>
        ) : null}
        {plan.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {plan.description}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          <Chip size="small" label={limitText(plan.max_users, 'users')} />
          <Chip size="small" label={limitText(plan.max_cases, 'cases')} />
          {plan.trial_days > 0 ? <Chip size="small" color="info" variant="outlined" label={`${plan.trial_days} days trial`} /> : null}
        </Stack>
        <Divider sx={{ my: 2 }} />
        {features.shown.length ? (
          <List dense disablePadding>
            {features.shown.map((label) => (
              <ListItem key={label} disableGutters sx={{ py: 0 }}>
                <ListItemIcon sx={{ minWidth: 28 }}>
                  <CheckIcon fontSize="small" color="success" aria-hidden />
                </ListItemIcon>
                <ListItemText primary={label} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No optional features
          </Typography>
        )}
        {features.more ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            +{features.more} more features
          </Typography>
        ) : null}
      </CardContent>
      <Divider />
      <Box sx={{ px: 2, pt: 1 }}>
        <FormControlLabel
          control={<Switch size="small" checked={plan.is_active} disabled={toggling} onChange={(e) => onToggle('is_active', e.target.checked)} />}
          label="Active"
        />
        <FormControlLabel
          control={<Switch size="small" checked={plan.is_featured} disabled={toggling} onChange={(e) => onToggle('is_featured', e.target.checked)} />}
          label="Featured"
        />
      </Box>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`Edit ${plan.display_name}`}>
          Edit
        </Button>
        <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete} aria-label={`Delete ${plan.display_name}`}>
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** 'Subscription Plans' (spec 2.14). */
export function AdminPlansPage() {
  useDocumentTitle('Subscription Plans');
  const toast = useToast();
  const plans = useAdminPlans();
  const update = useUpdatePlan();
  const remove = useDeletePlan();
  const defaults = useCreateDefaultPlans();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [error, setError] = useState<string | null>(null);

  const openForm = (plan: Plan | null) => {
    setEditing(plan);
    setFormKey((k) => k + 1);
    setFormOpen(true);
  };

  const toggle = async (plan: Plan, field: 'is_active' | 'is_featured', value: boolean) => {
    setError(null);
    try {
      await update.mutateAsync({ id: plan.id, input: { [field]: value } });
      toast(`${plan.display_name} ${field === 'is_active' ? (value ? 'activated' : 'deactivated') : value ? 'featured' : 'no longer featured'}`);
    } catch (caught) {
      setError(describePlanError(caught, 'update'));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove.mutateAsync(deleting.id);
      toast('Subscription plan deleted successfully');
    } catch (caught) {
      setError(describePlanError(caught, 'delete'));
    } finally {
      setDeleting(null);
    }
  };

  const createDefaults = async () => {
    setError(null);
    try {
      const result = await defaults.mutateAsync(undefined);
      toast(result.message);
    } catch (caught) {
      setError(describePlanError(caught, 'create'));
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Subscription Plans"
        description="The plans firms can subscribe to. Inactive plans are hidden from the plans pages; featured plans are highlighted as popular."
        actions={
          <>
            <Button variant="outlined" startIcon={<AutoAwesomeOutlinedIcon />} onClick={() => void createDefaults()} disabled={defaults.isPending}>
              Create Default Plans
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
              Create Plan
            </Button>
          </>
        }
      />
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 3 }}>
          {error}
        </Alert>
      ) : null}
      {plans.isPending ? (
        <PageLoader label="Loading plans..." />
      ) : plans.isError ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void plans.refetch()}>Retry</Button>}>
          {describePlanError(plans.error, 'load') || AdminMessages.loadPlansFailed}
        </Alert>
      ) : plans.data.length === 0 ? (
        <EmptyState
          title="No subscription plans yet"
          description="Create your first plan, or start from the default plans (Small Practice, Medium / Large Firm and Enterprise)."
          action={
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
              <Button variant="contained" onClick={() => openForm(null)}>
                Create Plan
              </Button>
              <Button variant="outlined" onClick={() => void createDefaults()}>
                Create Default Plans
              </Button>
            </Stack>
          }
        />
      ) : (
        <Grid container spacing={3}>
          {plans.data.map((plan) => (
            <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <AdminPlanCard
                plan={plan}
                onEdit={() => openForm(plan)}
                onDelete={() => setDeleting(plan)}
                onToggle={(field, value) => void toggle(plan, field, value)}
                toggling={update.isPending && update.variables?.id === plan.id}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <PlanFormDialog key={formKey} open={formOpen} plan={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        type="danger"
        title="Delete Plan"
        message={deleting ? AdminMessages.deletePlanConfirm(deleting.display_name) : ''}
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
