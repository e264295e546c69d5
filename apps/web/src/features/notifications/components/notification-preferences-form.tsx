import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { NotificationBanner } from '../../../components/notification-banner';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import {
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_LABELS,
  type NotificationType,
} from '../../../config/constants';
import { describeError } from '../../../lib/api-client';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
  type NotificationPreferences,
} from '../api/notification-preferences';

const DESCRIPTIONS: Record<NotificationType, string> = {
  assignment_notification: 'A case or document is assigned to you or your branch.',
  status_update: 'The status of a case you follow changes.',
  completion_notification: 'A document is served or a case is completed.',
  deadline_reminder: 'A deadline on one of your cases is coming up.',
  system_alert: 'Important messages about your account and the platform.',
};

const emailOf = (preferences: NotificationPreferences | undefined, type: NotificationType): boolean =>
  preferences?.[type]?.email ?? true;

/**
 * Per-type notification preferences (product decision: in-app notifications are always on; the
 * e-mail copy can be switched off per type).
 */
export function NotificationPreferencesForm() {
  const query = useNotificationPreferences();
  const save = useUpdateNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);

  if (query.isPending) return <PageLoader label="Loading notification preferences..." />;
  if (query.isError || !draft) {
    return (
      <QueryError
        message={describeError(query.error, {
          fallback: 'Failed to load notification preferences. Please try again.',
        })}
        onRetry={query.refetch}
      />
    );
  }

  const changed = NOTIFICATION_TYPES.some((type) => emailOf(draft, type) !== emailOf(query.data, type));

  const toggle = (type: NotificationType, email: boolean) => {
    setSaved(false);
    setDraft((current) => ({ ...(current ?? query.data), [type]: { email } }) as NotificationPreferences);
  };

  const onSave = async () => {
    setSaved(false);
    try {
      await save.mutateAsync(draft);
      setSaved(true);
    } catch {
      // shown from save.error
    }
  };

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        You always see notifications in LexServe. Choose which ones are also sent to you by e-mail.
      </Typography>
      <NotificationBanner
        open={saved}
        severity="success"
        message="Notification preferences saved."
        onClose={() => setSaved(false)}
      />
      {save.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => save.reset()}>
          {describeError(save.error, {
            fallback: 'Failed to save notification preferences. Please try again.',
          })}
        </Alert>
      ) : null}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table aria-label="Notification preferences">
          <TableHead>
            <TableRow>
              <TableCell>Notification</TableCell>
              <TableCell align="center">In-app</TableCell>
              <TableCell align="center">E-mail</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {NOTIFICATION_TYPES.map((type) => (
              <TableRow key={type}>
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{NOTIFICATION_TYPE_LABELS[type]}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {DESCRIPTIONS[type]}
                  </Typography>
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked
                    disabled
                    slotProps={{
                      input: { 'aria-label': `${NOTIFICATION_TYPE_LABELS[type]} in-app (always on)` },
                    }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    checked={emailOf(draft, type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `${NOTIFICATION_TYPE_LABELS[type]} e-mail` } }}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => void onSave()} disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </Button>
      </Box>
    </Box>
  );
}
