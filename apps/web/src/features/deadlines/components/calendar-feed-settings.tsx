import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCalendarFeedStatus, useDeleteCalendarFeed, useRotateCalendarFeed } from '../api/deadlines';

/**
 * Account Settings → Calendar: the user's secret iCalendar address, which a calendar app (Outlook, Google Calendar,
 * Apple Calendar) subscribes to. The address is shown once when made; replacing it stops the old one.
 */
export function CalendarFeedSettings() {
  const status = useCalendarFeedStatus();
  const rotate = useRotateCalendarFeed();
  const turnOff = useDeleteCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const active = status.data?.active ?? false;

  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Subscribe to your deadlines in Outlook, Google Calendar or Apple Calendar: the deadlines of every case
        you can see, as all-day events, kept up to date. Anyone who has the address can read the calendar, so
        keep it to yourself; replace it if it was shared.
      </Typography>
      {status.isError ? (
        <Alert severity="error">
          {describeError(status.error, { fallback: 'Failed to load your calendar address.' })}
        </Alert>
      ) : null}
      {url ? (
        <>
          <TextField
            label="Your calendar address"
            value={url}
            slotProps={{
              htmlInput: { readOnly: true, 'aria-describedby': 'calendar-url-help' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy">
                      <IconButton
                        aria-label="Copy the calendar address"
                        onClick={() => void copy()}
                        edge="end"
                      >
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            fullWidth
          />
          <Typography id="calendar-url-help" variant="body2" color="text.secondary">
            {copied ? 'Copied. ' : ''}It is shown only now: copy it into your calendar app’s “subscribe from
            URL” (or “add calendar from internet”).
          </Typography>
        </>
      ) : active ? (
        <Alert severity="info">
          Your calendar address was made on {formatDateTime(status.data?.created_at)}. For safety it is not
          shown again; get a new one to see it (the old one then stops working).
        </Alert>
      ) : status.isSuccess ? (
        <Alert severity="info">You have no calendar address yet.</Alert>
      ) : null}
      {rotate.isError ? (
        <Alert severity="error">
          {describeError(rotate.error, { fallback: 'The calendar address could not be made.' })}
        </Alert>
      ) : null}
      {turnOff.isError ? (
        <Alert severity="error">
          {describeError(turnOff.error, { fallback: 'The calendar address could not be turned off.' })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={rotate.isPending || status.isPending}
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: (feed) => {
                setUrl(feed.url);
                setCopied(false);
              },
            })
          }
        >
          {active ? 'Replace calendar address' : 'Get calendar address'}
        </Button>
        {active ? (
          <Button
            color="error"
            disabled={turnOff.isPending}
            onClick={() => turnOff.mutate(undefined, { onSuccess: () => setUrl(null) })}
          >
            Turn off
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
