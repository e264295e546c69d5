import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@lexserve/contracts/users';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fieldProps } from '../../../lib/form';
import { USER_MESSAGES, setActiveErrorMessage, useSetUserActive } from '../api/firm-users';
import { StatusChip } from './role-chip';

const StatusFormSchema = z.object({ reason: z.string().trim().min(1, 'Reason is required') });
type StatusForm = z.input<typeof StatusFormSchema>;

type UserStatusDialogProps = { user: User | null; onClose: () => void; onChanged: (message: string) => void };

/** Activate / Deactivate (spec 2.8 and 4.5): shows the current status and asks for a reason. */
export function UserStatusDialog({ user: target, onClose, onChanged }: UserStatusDialogProps) {
  const titleId = useId();
  // Keep showing the last user while the dialog fades out.
  const last = useRef<User | null>(null);
  if (target) last.current = target;
  const user = target ?? last.current;
  const form = useForm<StatusForm>({
    resolver: zodResolver(StatusFormSchema),
    defaultValues: { reason: '' },
    mode: 'onTouched',
  });
  const setActive = useSetUserActive();
  const activating = user ? !user.is_active : false;
  const title = activating ? 'Activate User' : 'Deactivate User';

  useEffect(() => {
    if (target) {
      form.reset({ reason: '' });
      setActive.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    if (!user) return;
    try {
      await setActive.mutateAsync({ userId: user.id, is_active: activating, reason: reason.trim() });
      onChanged(
        activating ? USER_MESSAGES.activated(user.full_name) : USER_MESSAGES.deactivated(user.full_name),
      );
    } catch {
      // shown from setActive.error
    }
  });

  return (
    <Dialog
      open={Boolean(target)}
      onClose={setActive.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {user ? (
            <Stack spacing={2.5}>
              {setActive.isError ? (
                <Alert severity="error" role="alert">
                  {setActiveErrorMessage(setActive.error)}
                </Alert>
              ) : null}
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {user.email}
                </Typography>
                <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2">Current status:</Typography>
                  <StatusChip active={user.is_active} />
                </Box>
              </Box>
              {activating ? null : (
                <Alert severity="warning" role="note">
                  A deactivated user can no longer log in until they are activated again.
                </Alert>
              )}
              <TextField
                label="Reason"
                multiline
                minRows={2}
                required
                autoFocus
                {...fieldProps(form, 'reason')}
              />
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={setActive.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={activating ? 'success' : 'error'}
            disabled={setActive.isPending}
          >
            {setActive.isPending ? 'Saving...' : title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
