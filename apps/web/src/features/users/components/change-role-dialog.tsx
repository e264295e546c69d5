import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@lexserve/contracts/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ROLE_LABELS } from '../../../config/constants';
import { fieldProps } from '../../../lib/form';
import { USER_MESSAGES, changeRoleErrorMessage, useChangeUserRole } from '../api/firm-users';
import type { BranchOption } from './add-user-dialog';
import { RoleChip } from './role-chip';

const ChangeRoleFormSchema = z
  .object({
    new_role: z.enum(['branch_admin', 'legal_practitioner'], { error: 'Please select a role' }),
    new_branch_id: z.string(),
    reason: z.string().trim().min(1, 'Reason is required'),
  })
  .refine((v) => v.new_role !== 'legal_practitioner' || v.new_branch_id !== '', {
    message: 'Branch is required for legal practitioners',
    path: ['new_branch_id'],
  });
type ChangeRoleForm = z.input<typeof ChangeRoleFormSchema>;

const initialValues = (user: User | null): ChangeRoleForm => ({
  // The other role is preselected (spec 2.8).
  new_role: user?.role === 'legal_practitioner' ? 'branch_admin' : 'legal_practitioner',
  new_branch_id: user?.branch_id ? String(user.branch_id) : '',
  reason: '',
});

type ChangeRoleDialogProps = {
  user: User | null;
  branches: BranchOption[];
  onClose: () => void;
  onChanged: (message: string) => void;
};

/** 'Change User Role' (spec 2.8 and 4.5): branch_admin ⇄ legal_practitioner, with a reason. */
export function ChangeRoleDialog({ user: target, branches, onClose, onChanged }: ChangeRoleDialogProps) {
  const titleId = useId();
  // Keep showing the last user while the dialog fades out.
  const last = useRef<User | null>(null);
  if (target) last.current = target;
  const user = target ?? last.current;
  const form = useForm<ChangeRoleForm>({
    resolver: zodResolver(ChangeRoleFormSchema),
    defaultValues: initialValues(user),
    mode: 'onTouched',
  });
  const change = useChangeUserRole();
  const newRole = useWatch({ control: form.control, name: 'new_role' });

  useEffect(() => {
    if (target) {
      form.reset(initialValues(target));
      change.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user) return;
    try {
      await change.mutateAsync({
        userId: user.id,
        new_role: values.new_role,
        reason: values.reason.trim(),
        // A branch administrator's branch is sent as null (spec 5, "Change role").
        new_branch_id: values.new_role === 'legal_practitioner' ? Number(values.new_branch_id) : null,
      });
      onChanged(USER_MESSAGES.roleChanged(user.full_name));
    } catch {
      // shown from change.error
    }
  });

  return (
    <Dialog
      open={Boolean(target)}
      onClose={change.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Change User Role</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {user ? (
            <Stack spacing={2.5}>
              {change.isError ? (
                <Alert severity="error" role="alert">
                  {changeRoleErrorMessage(change.error)}
                </Alert>
              ) : null}
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user.email}
                </Typography>
                <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2">Current role:</Typography>
                  <RoleChip role={user.role} label={user.role_display_name} />
                </Box>
              </Box>
              <Controller
                control={form.control}
                name="new_role"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label="New Role"
                    required
                    name={field.name}
                    value={field.value}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  >
                    <MenuItem value="branch_admin">{ROLE_LABELS.branch_admin}</MenuItem>
                    <MenuItem value="legal_practitioner">{ROLE_LABELS.legal_practitioner}</MenuItem>
                  </TextField>
                )}
              />
              {newRole === 'legal_practitioner' ? (
                <Controller
                  control={form.control}
                  name="new_branch_id"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      label="Branch (Required)"
                      required
                      name={field.name}
                      value={field.value}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      onChange={(event) => field.onChange(event.target.value)}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message}
                    >
                      {branches.map((branch) => (
                        <MenuItem key={branch.id} value={String(branch.id)}>
                          {branch.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ) : null}
              <TextField label="Reason" multiline minRows={2} required {...fieldProps(form, 'reason')} />
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Role'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
