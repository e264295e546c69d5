import DownloadIcon from '@mui/icons-material/Download';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { proofFileName, type Document } from '@lexserve/contracts/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatLongDateTime, formatFileSize } from '../../../lib/format';
import { invalidateDocuments } from '../../../lib/documents-api/documents';
import {
  downloadProof,
  generateProof,
  proofDownloadError,
  proofGenerateError,
  useProofStatus,
} from '../../../lib/documents-api/proof-of-service';
import { ProofVersionsList } from './proof-versions-list';
import { saveBlob } from '../../../lib/save-blob';

/** The Proof of Service tab (spec 2.10): checking, unknown, available or absent. */
export function ProofOfServiceTab({ document, canGenerate }: { document: Document; canGenerate: boolean }) {
  const queryClient = useQueryClient();
  const status = useProofStatus(document.id);
  const [downloading, setDownloading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), 3000);
    return () => window.clearTimeout(timer);
  }, [success]);

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      saveBlob(await downloadProof(document.id), proofFileName(document));
      setSuccess('Proof of service downloaded successfully!');
    } catch (e) {
      setError(proofDownloadError(e, 'Failed to download proof of service file'));
    } finally {
      setDownloading(false);
    }
  };

  const generate = async () => {
    setGenerating(true);
    setError(null);
    try {
      await generateProof(document.id);
      await invalidateDocuments(queryClient);
      setSuccess('Proof of service generated successfully');
    } catch (e) {
      setError(proofGenerateError(e));
    } finally {
      setGenerating(false);
    }
  };

  const proof = status.data;
  let body: ReactNode;
  if (status.isLoading) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 5, textAlign: 'center' }} role="status">
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="p">
          Checking Proof of Service Status...
        </Typography>
        <Typography color="text.secondary">
          Please wait while we check if a proof of service exists for this document.
        </Typography>
      </Stack>
    );
  } else if (status.isError) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 5, textAlign: 'center' }}>
        <HelpOutlineIcon color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          Unable to determine proof of service status
        </Typography>
        <Typography color="text.secondary">
          There was an issue checking the proof of service status for this document.
        </Typography>
        <Button variant="outlined" onClick={() => void status.refetch()} disabled={status.isFetching}>
          {status.isFetching ? 'Checking...' : 'Retry Check'}
        </Button>
      </Stack>
    );
  } else if (!proof?.exists && proof?.awaiting_sheriff_return) {
    body = (
      <Stack
        spacing={2}
        sx={{ alignItems: 'center', py: 5, textAlign: 'center' }}
        role="status"
        data-testid="proof-awaiting-return"
      >
        <HourglassEmptyOutlinedIcon color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          Awaiting the sheriff's return of service
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          This document is with{' '}
          {document.assigned_sheriff ? `Sheriff ${document.assigned_sheriff.full_name}` : 'the sheriff'} for
          service. The sheriff's return of service (or of non-service) will be its proof of service, and
          appears here when the sheriff issues it.
        </Typography>
      </Stack>
    );
  } else if (proof?.exists) {
    body = (
      <Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <VerifiedUserOutlinedIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
          <Box>
            <Typography variant="h6" component="p">
              Proof of Service Available
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {document.service_method === 'sheriff'
                ? "The sheriff's return of service for this case, with its security ID printed on every page."
                : 'The Notice of Electronic Service (Uniform Rule 4A) for this case, with its security ID printed on every page.'}
            </Typography>
          </Box>
        </Stack>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Field label="Case Number" value={document.case_number || 'N/A'} />
          <Field label="Case Title" value={document.title || 'N/A'} />
          {proof.security_id ? (
            <Field
              label="Security ID"
              value={
                <Box
                  component="span"
                  sx={{ fontFamily: 'monospace', fontWeight: 700 }}
                  data-testid="proof-security-id"
                >
                  {proof.security_id}
                </Box>
              }
            />
          ) : null}
          {proof.generated_at ? (
            <Field label="Generated" value={formatLongDateTime(proof.generated_at)} />
          ) : null}
          {proof.size ? <Field label="Size" value={formatFileSize(proof.size)} /> : null}
          {proof.verification_count !== null ? (
            <Field label="Verifications" value={String(proof.verification_count)} />
          ) : null}
        </Grid>
        {document.is_revoked ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            This document was revoked{document.revoke_reason ? `: ${document.revoke_reason}` : ''}.
            Verification reports it as revoked.
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
            onClick={() => void download()}
            disabled={downloading}
          >
            {downloading ? 'Downloading...' : 'Download PDF'}
          </Button>
          {proof.security_id ? (
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/app/verify/${encodeURIComponent(proof.security_id)}`}
              startIcon={<VerifiedUserOutlinedIcon />}
            >
              Verify Security ID
            </Button>
          ) : null}
        </Stack>
        <ProofVersionsList document={document} />
      </Box>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 5, textAlign: 'center' }}>
        <NoteAddOutlinedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h6" component="p">
          No Proof of Service Available
        </Typography>
        <Typography color="text.secondary">
          A proof of service document has not been generated for this case yet.
        </Typography>
        {canGenerate && document.served_at && !document.is_revoked ? (
          <Button
            variant="contained"
            onClick={() => void generate()}
            disabled={generating}
            startIcon={generating ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {generating ? 'Generating Proof...' : 'Generate Proof of Service'}
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          Proof of Service
        </Typography>
        {success ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status">
            {success}
          </Alert>
        ) : null}
        {error ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => setError(null)}>
                Dismiss
              </Button>
            }
          >
            {error}
          </Alert>
        ) : null}
        {body}
      </CardContent>
    </Card>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body1', wordBreak: 'break-word' }}>{value}</Box>
    </Grid>
  );
}
