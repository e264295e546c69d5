import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { FileVerificationResult } from '@lexserve/contracts/verification';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatLongDate, formatLongDateTime } from '../../../lib/format';
import { SealDetails } from './seal-details';
import { VerificationError, VERIFY_MESSAGES, statusColor, supersededText, verifyFile } from '../api/verify';

const ACCEPT = ['.pdf', '.doc', '.docx'];
const MAX_BYTES = 100 * 1024 * 1024;

/** The second way to verify: drop a file and compare its fingerprint with the served originals. */
export function VerifyFilePanel() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<FileVerificationResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setResult(null);
    setError(null);
    const ext = chosen.name.slice(chosen.name.lastIndexOf('.')).toLowerCase();
    if (!ACCEPT.includes(ext)) return setError('Only PDF files can be verified.');
    if (chosen.size > MAX_BYTES) return setError('File too large (max 100MB)');
    setProgress(0);
    try {
      setResult(await verifyFile(chosen, (p) => setProgress(p.percent)));
    } catch (e) {
      setError(e instanceof VerificationError ? e.message : VERIFY_MESSAGES.failed);
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <Card component="section" aria-labelledby="verify-file-heading" sx={{ mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="verify-file-heading" variant="h6" component="h2" gutterBottom>
          Or check a file you received
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Drop the PDF here to check it against the documents served through LexServe. Only its fingerprint is compared; the file is not kept.
        </Typography>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          role="group"
          aria-label="Drop a PDF to verify"
          data-testid="verify-dropzone"
          sx={(theme) => ({
            border: '2px dashed',
            borderColor: dragging ? 'secondary.main' : alpha(theme.palette.primary.main, 0.3),
            bgcolor: dragging ? alpha(theme.palette.secondary.main, 0.08) : alpha(theme.palette.primary.main, 0.02),
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
          })}
        >
          <PictureAsPdfOutlinedIcon sx={{ fontSize: 40, color: 'primary.light' }} aria-hidden />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>Drag and drop a PDF here</Typography>
          <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => inputRef.current?.click()} disabled={progress !== null}>
            Choose File
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={ACCEPT.join(',')}
            aria-label="Choose a file to verify"
            data-testid="verify-file-input"
            onChange={(e) => {
              void check(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Box>

        <Box aria-live="polite">
          {progress !== null ? (
            <Box sx={{ mt: 2 }} role="status">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                Checking {file?.name}...
              </Typography>
              <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} aria-label="Upload progress" />
            </Box>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          ) : null}
          {result ? <FileResult result={result} /> : null}
        </Box>
      </CardContent>
    </Card>
  );
}

function FileResult({ result }: { result: FileVerificationResult }) {
  const color = statusColor(result.status);
  const icon = color === 'success' ? <CheckCircleIcon color="success" /> : color === 'warning' ? <HelpOutlinedIcon color="warning" /> : <ErrorIcon color="error" />;
  const heading =
    result.status === 'verified'
      ? result.match === 'proof_of_service'
        ? 'Authentic proof of service'
        : 'Authentic served document'
      : result.status === 'revoked'
        ? 'Document Revoked'
        : result.status === 'modified_after_sealing'
          ? 'Changed after sealing'
          : result.status === 'not_found'
            ? 'No match found'
          : 'Document Not Verified';
  return (
    <Card variant="outlined" sx={{ mt: 2, borderColor: `${color}.main`, borderWidth: 2 }} data-testid="file-verification-result">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          {icon}
          <Typography variant="h6" component="h3" color={`${color}.main`}>
            {heading}
          </Typography>
        </Stack>
        <Typography sx={{ mb: 1.5 }}>{result.message}</Typography>
        {result.superseded ? (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="file-superseded-notice">
            <Box sx={{ fontWeight: 700 }}>{supersededText(result)}</Box>
            This file is authentic, but a later version of this proof of service replaces it: ask the issuing firm for the current
            version, or check it by its security ID.
          </Alert>
        ) : null}
        <Grid container spacing={1.5}>
          <Item label="File" value={result.filename} />
          {result.firm_name ? <Item label="Issued By" value={result.firm_name} /> : null}
          {result.document_type ? <Item label="Document Type" value={result.document_type} /> : null}
          {result.service_date ? <Item label="Service Date" value={formatLongDate(result.service_date)} /> : null}
          {result.generation_date ? <Item label="Recorded" value={formatLongDateTime(result.generation_date)} /> : null}
          {result.version ? (
            <Item
              label="Version"
              value={result.version === result.current_version ? `${result.version} (current)` : `${result.version} of ${result.current_version}`}
            />
          ) : null}
          {result.security_id ? (
            <Item
              label="Security ID"
              value={
                <Link component={RouterLink} to={`/verify/${encodeURIComponent(result.security_id)}`} sx={{ fontFamily: 'monospace' }}>
                  {result.security_id}
                </Link>
              }
            />
          ) : null}
          <Item label="SHA-256" value={<Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all' }}>{result.sha256}</Box>} wide />
        </Grid>
        <SealDetails seal={result.seal} />
      </CardContent>
    </Card>
  );
}

function Item({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
