import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import type { MailMessage } from '../api/directory';
import { StatusChip } from './status-chip';

/** One e-mail of the outbox: its headers, and its body formatted (sandboxed) or as plain text. */
export function MailDialog({ message, onClose }: { message: MailMessage | null; onClose: () => void }) {
  const titleId = useId();
  const [view, setView] = useState<'html' | 'text'>('html');
  const showHtml = Boolean(message?.html) && view === 'html';
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{message?.subject}</DialogTitle>
      <DialogContent dividers>
        {message ? (
          <>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: '80px 1fr',
                rowGap: 0.5,
                columnGap: 2,
                m: 0,
                mb: 2,
              }}
            >
              <Typography component="dt" color="text.secondary">
                To
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {message.to}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Created
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDateTime(message.created_at)}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Status
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                <StatusChip status={message.status} />
                {message.error ? (
                  <Typography component="span" color="error" sx={{ ml: 1 }}>
                    {message.error}
                  </Typography>
                ) : null}
              </Typography>
            </Box>
            {message.html ? (
              <Tabs
                value={view}
                onChange={(_, v: 'html' | 'text') => setView(v)}
                aria-label="Message format"
                sx={{ mb: 1 }}
              >
                <Tab value="html" label="Formatted" />
                <Tab value="text" label="Plain text" />
              </Tabs>
            ) : null}
            {showHtml ? (
              // The e-mail's HTML is shown in a sandbox: no scripts, no access to the app.
              <Box
                component="iframe"
                title={`E-mail: ${message.subject}`}
                sandbox=""
                srcDoc={message.html ?? ''}
                sx={{
                  width: '100%',
                  height: 420,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  bgcolor: '#fff',
                }}
              />
            ) : (
              <Box
                component="pre"
                sx={{
                  whiteSpace: 'pre-wrap',
                  fontFamily: 'inherit',
                  m: 0,
                  p: 2,
                  bgcolor: 'grey.50',
                  borderRadius: 1,
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                {message.text}
              </Box>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
