import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Document } from '@lexserve/contracts/documents';
import { PARTY_ROLE_LABELS, partyDisplayName, type PartyRole } from '@lexserve/contracts/parties';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { formatDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { useDocumentParties } from '../../../lib/documents-api/parties';
import { downloadProof, proofDownloadError } from '../../../lib/documents-api/proof-of-service';
import { docTypeLabel, priorityChip, statusColor, statusLabel } from '../utils/document-display';
import { saveBlob } from '../../../lib/save-blob';

/** Filed By: created_by full_name, else its email, else "User {id}" (spec 2.9). */
export const filedBy = (doc: Pick<Document, 'created_by' | 'created_by_id'>): string =>
  doc.created_by?.full_name || doc.created_by?.email || `User ${doc.created_by_id}`;

const PROOF_DIALOG_FILE = (doc: Pick<Document, 'id' | 'case_number'>) =>
  `proof-of-service-${doc.case_number || doc.id}.pdf`;

/** The Case Details dialog (spec 2.9), with the proof of service download for completed cases. */
export function CaseDetailsDialog({ document, onClose }: { document: Document | null; onClose: () => void }) {
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parties = useDocumentParties(document?.id ?? null, Boolean(document));

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), 3000);
    return () => window.clearTimeout(timer);
  }, [success]);

  if (!document) return null;
  const priority = priorityChip(document.case_priority);
  const fileSizeMb = document.file_size ? formatFileSize(document.file_size) : 'N/A';

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      saveBlob(await downloadProof(document.id), PROOF_DIALOG_FILE(document));
      setSuccess('Proof of service downloaded successfully!');
    } catch (e) {
      setError(proofDownloadError(e, 'Failed to download proof of service. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Case Details</DialogTitle>
      <DialogContent dividers>
        {success ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {success}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        <Heading>Case Information</Heading>
        <Grid container spacing={2}>
          <Field label="Title" value={document.title} />
          <Field label="Case Number" value={document.case_number} />
          <Field label="Client" value={document.client_name} />
          <Field
            label="Priority"
            value={<Chip size="small" label={priority.label} color={priority.color} />}
          />
          <Field
            label="Status"
            value={
              <Chip size="small" label={statusLabel(document.status)} color={statusColor(document.status)} />
            }
          />
          <Field label="Filed By" value={filedBy(document)} />
          <Field label="Created" value={formatDateTime(document.created_at)} />
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Heading>Document Details</Heading>
        <Grid container spacing={2}>
          <Field label="Document Type" value={docTypeLabel(document)} />
          <Field label="File" value={document.file_name} />
          <Field label="File Size" value={fileSizeMb} />
          <Field label="Service Date" value={formatDate(document.service_date, 'Not served')} />
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Heading>Assignment Information</Heading>
        <Grid container spacing={2}>
          <Field label="Assigned Sheriff" value={document.assigned_sheriff?.full_name ?? 'Not assigned'} />
          <Field label="Law Firm" value={document.firm?.name} />
          <Field label="Branch" value={document.assigned_branch?.name} />
          <Field label="Digital Service Address" value={document.digital_service_address} />
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Heading>Parties</Heading>
        {parties.isLoading ? (
          <CircularProgress size={20} aria-label="Loading parties" />
        ) : parties.data?.length ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {parties.data.map((link) => (
              <li key={link.id}>
                <Typography variant="body2">
                  {partyDisplayName(link.party)} — {PARTY_ROLE_LABELS[link.role as PartyRole] ?? link.role}
                </Typography>
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No parties recorded.
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <Grid container spacing={2}>
          <Field label="Special Instructions" value={document.special_instructions} wide />
          <Field label="Service Notes" value={document.service_notes} wide />
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {document.status === 'completed' ? (
          <Button
            variant="contained"
            startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
            onClick={() => void download()}
            disabled={downloading}
          >
            Download Proof of Service
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
      {children}
    </Typography>
  );
}

function Field({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', wordBreak: 'break-word' }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
