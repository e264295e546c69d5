import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_PATTERN } from '@lexserve/contracts/common';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ROLE_LABELS } from '../../../config/constants';
import { fieldProps } from '../../../lib/form';
import { createFirmUserErrorMessage, useCreateFirmUser, type CreateFirmUserResult } from '../api/firm-users';

const AddUserFormSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    full_name: z
      .string()
      .trim()
      .min(1, 'Full name is required')
      .min(2, 'Full name must be at least 2 characters'),
    role: z.enum(['branch_admin', 'legal_practitioner'], { error: 'Please select a role' }),
    /** '' means no branch. */
    branch_id: z.string(),
    phone_number: z.string(),
    address: z.string(),
  })
  .refine((v) => v.role !== 'legal_practitioner' || v.branch_id !== '', {
    message: 'Branch is required for legal practitioners',
    path: ['branch_id'],
  });
type AddUserForm = z.input<typeof AddUserFormSchema>;

const EMPTY: AddUserForm = {
  email: '',
  full_name: '',
  role: 'legal_practitioner',
  branch_id: '',
  phone_number: '',
  address: '',
};

export type BranchOption = { id: number; name: string };

type AddUserDialogProps = {
  open: boolean;
  branches: BranchOption[];
  onClose: () => void;
  onCreated: (result: CreateFirmUserResult) => void;
};

/** 'Add New User' (spec 2.8): a branch administrator or a legal practitioner of the firm. */
export function AddUserDialog({ open, branches, onClose, onCreated }: AddUserDialogProps) {
  const titleId = useId();
  const form = useForm<AddUserForm>({
    resolver: zodResolver(AddUserFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const create = useCreateFirmUser();
  const role = useWatch({ control: form.control, name: 'role' });

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      create.reset();
    }
    // Reset only when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync({
        email: values.email.trim(),
        full_name: values.full_name.trim(),
        role: values.role,
        branch_id: values.branch_id === '' ? null : Number(values.branch_id),
        phone_number: values.phone_number.trim() || null,
        address: values.address.trim() || null,
      });
      onCreated(result);
    } catch {
      // shown from create.error
    }
  });

  const branchRequired = role === 'legal_practitioner';

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>Add New User</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            {create.isError ? (
              <Alert severity="error" role="alert">
                {createFirmUserErrorMessage(create.error)}
              </Alert>
            ) : null}
            <TextField label="Email" type="email" required autoFocus {...fieldProps(form, 'email')} />
            <TextField label="Full Name" required {...fieldProps(form, 'full_name')} />
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Role"
                  required
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    // A branch administrator may work at firm level: choosing the role clears the branch.
                    if (event.target.value === 'branch_admin') form.setValue('branch_id', '');
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="legal_practitioner">{ROLE_LABELS.legal_practitioner}</MenuItem>
                  <MenuItem value="branch_admin">{ROLE_LABELS.branch_admin}</MenuItem>
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="branch_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={branchRequired ? 'Branch (Required)' : 'Branch (Optional)'}
                  required={branchRequired}
                  name={field.name}
                  value={field.value}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {branchRequired ? null : (
                    <MenuItem value="">No specific branch (firm-level access)</MenuItem>
                  )}
                  {branches.map((branch) => (
                    <MenuItem key={branch.id} value={String(branch.id)}>
                      {branch.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label="Phone Number" type="tel" {...fieldProps(form, 'phone_number')} />
            <TextField label="Address" multiline minRows={2} {...fieldProps(form, 'address')} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create User'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
