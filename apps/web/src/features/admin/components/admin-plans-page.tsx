import { AdminMessages } from '@lexserve/contracts/admin';
import type { Plan } from '@lexserve/contracts/subscriptions';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast-provider';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  describePlanError,
  useAdminPlans,
  useCreateDefaultPlans,
  useDeletePlan,
  useUpdatePlan,
} from '../api/plans';
import { AdminPageHeader } from './admin-page-header';
import { AdminPlanCard } from './admin-plan-card';
import { PlanFormDialog } from './plan-form-dialog';

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
      toast(
        `${plan.display_name} ${field === 'is_active' ? (value ? 'activated' : 'deactivated') : value ? 'featured' : 'no longer featured'}`,
      );
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
            <Button
              variant="outlined"
              startIcon={<AutoAwesomeOutlinedIcon />}
              onClick={() => void createDefaults()}
              disabled={defaults.isPending}
            >
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
      <QueryState
        query={plans}
        loadingLabel="Loading plans..."
        errorMessage={(caught) => describePlanError(caught, 'load') || AdminMessages.loadPlansFailed}
        isEmpty={(list) => list.length === 0}
        empty={
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
        }
      >
        {(list) => (
          <Grid container spacing={3}>
            {list.map((plan) => (
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
      </QueryState>
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
