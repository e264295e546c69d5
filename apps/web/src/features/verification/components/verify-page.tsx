import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import GppBadOutlinedIcon from '@mui/icons-material/GppBadOutlined';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import HistoryIcon from '@mui/icons-material/History';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VerificationResult } from '@lexserve/contracts/verification';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { formatLongDate, formatLongDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { REVOKED_NOTICE, VerificationError, VERIFY_MESSAGES, statusColor, supersededText, verifySecurityId } from '../api/verify';
import { SealDetails } from './seal-details';
import { VerifyFilePanel } from './verify-file-panel';

const STATUS_ICON = {
  success: <CheckCircleIcon color="success" sx={{ fontSize: 44 }} aria-hidden />,
  warning: <HelpOutlinedIcon color="warning" sx={{ fontSize: 44 }} aria-hidden />,
  error: <ErrorIcon color="error" sx={{ fontSize: 44 }} aria-hidden />,
  info: <HelpOutlinedIcon color="info" sx={{ fontSize: 44 }} aria-hidden />,
} as const;

const PDF_TYPES: Record<string, string> = {
  proof_of_service: 'Proof of Service',
  served_document: 'Served Document',
  served_copy: 'Stamped Served Copy',
};
const pdfTypeLabel = (value: string | null) =>
  value ? (PDF_TYPES[value] ?? value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())) : null;

/** Document verification (spec 1, 2.5), public: /verify, /verify/{securityId}, /app/verify(/{securityId}). */
export function VerifyPage() {
  useDocumentTitle('Verify Document');
  const { securityId: fromRoute } = useParams();
  // ?version=N: the QR code of an older version of a proof checks that version.
  const [search] = useSearchParams();
  const routeVersion = Number(search.get('version')) || undefined;
  const [value, setValue] = useState(() => fromRoute?.trim() ?? '');
  const [result, setResult] = useState<VerificationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const request = useRef(0);

  const verify = async (raw: string, version?: number) => {
    const id = ++request.current;
    setError(null);
    setResult(null);
    if (!raw.trim()) {
      setError(VERIFY_MESSAGES.empty);
      return;
    }
    setBusy(true);
    try {
      const answer = await verifySecurityId(raw, version);
      if (id === request.current) setResult(answer);
    } catch (e) {
      if (id === request.current) setError(e instanceof VerificationError ? e.message : VERIFY_MESSAGES.failed);
    } finally {
      if (id === request.current) setBusy(false);
    }
  };

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A security ID in the address (the QR code on the proof) is trimmed, filled in and verified at once.
  useEffect(() => {
    const id = fromRoute?.trim();
    if (!id) return;
    setValue(id);
    void verify(id, routeVersion);
  }, [fromRoute, routeVersion]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The version in the address applies to the ID it came with.
    void verify(value, value.trim() === fromRoute?.trim() ? routeVersion : undefined);
  };

  const newSearch = () => {
    request.current++;
    setValue('');
    setResult(null);
    setError(null);
    setBusy(false);
    inputRef.current?.focus();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={1} sx={{ textAlign: 'center', mb: 4, alignItems: 'center' }}>
        <VerifiedUserOutlinedIcon color="secondary" sx={{ fontSize: 52 }} aria-hidden />
        <Typography variant="h3" component="h1">
          Verify Document
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 600 }}>
          Check that a document served through LexServe is authentic and has not been altered or revoked. No account is needed.
        </Typography>
      </Stack>

      <Card component="section" aria-labelledby="verify-id-heading">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="verify-id-heading" variant="h6" component="h2" gutterBottom>
            Verify by security ID
          </Typography>
          <Box component="form" onSubmit={onSubmit} noValidate>
            <TextField
              label="Security ID"
              value={value}
              inputRef={inputRef}
              placeholder="LS-XXXX-XXXX-XXXX-XXXX"
              onChange={(event) => {
                setValue(event.target.value);
                // Editing after a result clears the result and any error.
                if (result || error) {
                  setResult(null);
                  setError(null);
                }
              }}
              helperText="The security ID is printed at the bottom of every page of a served document and its proof of service."
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: 1 } } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SearchIcon />}>
                {busy ? 'Verifying...' : 'Verify Document'}
              </Button>
              <Button type="button" size="large" onClick={newSearch}>
                New Search
              </Button>
            </Stack>
          </Box>

          <Box aria-live="polite" sx={{ mt: error || result ? 3 : 0 }}>
            {error ? (
              <Alert severity="error" role="alert">
                {error === VERIFY_MESSAGES.failed ? <AlertTitle>Verification Error</AlertTitle> : null}
                {error}
              </Alert>
            ) : null}
            {result ? <VerificationResultCard result={result} /> : null}
          </Box>
        </CardContent>
      </Card>

      <VerifyFilePanel />

      <Card component="section" aria-labelledby="about-verification" sx={{ mt: 3, bgcolor: 'grey.50' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="about-verification" variant="h6" component="h2" gutterBottom>
            About Document Verification
          </Typography>
          <Stack spacing={1.5}>
            <Typography variant="body2">
              Every proof of service generated by LexServe carries a unique security ID and a QR code. Scanning the code opens this page with the ID
              filled in.
            </Typography>
            <Typography variant="body2">
              A check confirms that the ID was issued by LexServe, re-computes the fingerprint (SHA-256) of the stored proof to show its content is
              unchanged, reports whether the issuing firm is in good standing, and tells you if the firm has revoked the document.
            </Typography>
            <Typography variant="body2">
              You can also check a file you received: its fingerprint is compared with the documents served through the platform. The file is not
              stored.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}

/** The result card: icon and colour by status, the ID, the heading and the server's message. */
function VerificationResultCard({ result }: { result: VerificationResult }) {
  const color = statusColor(result.status);
  const verified = result.valid && result.status === 'verified';
  return (
    <Card variant="outlined" sx={{ borderColor: `${color}.main`, borderWidth: 2 }} data-testid="verification-result">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {STATUS_ICON[color]}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h3" color={`${color}.main`}>
              {verified ? 'Document Verified' : 'Document Not Verified'}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', mt: 0.5, wordBreak: 'break-all' }}>
              Security ID: {result.security_id}
            </Typography>
            <Typography sx={{ mt: 1 }}>{result.message}</Typography>
          </Box>
        </Stack>

        {result.superseded ? (
          <Alert severity="warning" icon={<HistoryIcon />} sx={{ mt: 2 }} data-testid="superseded-notice">
            <AlertTitle>{supersededText(result)}</AlertTitle>
            This version is authentic, but a later version of this proof of service replaces it: rely on the current version.{' '}
            <Link component={RouterLink} to={`/verify/${encodeURIComponent(result.security_id)}`}>
              Check the current version
            </Link>
          </Alert>
        ) : null}

        {verified ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
              Document Information
            </Typography>
            <Grid container spacing={2}>
              <Info label="Document Type" value={result.document_type} />
              <Info label="PDF Type" value={pdfTypeLabel(result.pdf_type)} />
              <Info label="Generated" value={result.generation_date ? formatLongDateTime(result.generation_date) : null} />
              {result.version ? (
                <Info
                  label="Version"
                  value={result.version === result.current_version ? `${result.version} (current)` : `${result.version} of ${result.current_version}`}
                />
              ) : null}
              <Info label="Verification Count" value={String(result.verification_count)} />
              {result.firm_name ? <Info label="Issued By" value={result.firm_name} /> : null}
              {result.service_date ? <Info label="Service Date" value={formatLongDate(result.service_date)} /> : null}
              <Info
                label="Content Integrity"
                value={
                  result.hash_verified ? (
                    <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Verified" />
                  ) : (
                    <Chip size="small" color="warning" icon={<ReportProblemOutlinedIcon />} label="Could not verify" />
                  )
                }
              />
              <Info
                label="Firm Verification"
                value={
                  result.firm_verified ? (
                    <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Verified Firm" />
                  ) : (
                    <Chip size="small" color="warning" icon={<ReportProblemOutlinedIcon />} label="Not Verified" />
                  )
                }
              />
              <Info
                label="Verification URL"
                wide
                value={
                  result.verification_url ? (
                    <Link href={result.verification_url} sx={{ wordBreak: 'break-all' }}>
                      {result.verification_url}
                    </Link>
                  ) : null
                }
              />
            </Grid>
            {'served_files' in result && result.served_files.length ? <ServedFiles files={result.served_files} /> : null}
          </>
        ) : null}

        {result.status !== 'not_found' ? <SealDetails seal={result.seal} /> : null}

        {result.status === 'revoked' ? (
          <Alert severity="error" icon={<GppBadOutlinedIcon />} sx={{ mt: 2 }}>
            <AlertTitle>Document Revoked</AlertTitle>
            {REVOKED_NOTICE}
            {result.revoked_at ? ` Revoked on ${formatLongDateTime(result.revoked_at)}.` : ''}
          </Alert>
        ) : null}
        {result.status === 'not_found' ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <AlertTitle>Document Not Found</AlertTitle>
            No served document carries this security ID. It may have been entered incorrectly: check each character against the document. If it is
            correct, the document was not served through LexServe.
          </Alert>
        ) : null}
        {result.status === 'invalid' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>Content could not be confirmed</AlertTitle>
            Do not rely on this document. Contact the issuing firm{result.firm_name ? ` (${result.firm_name})` : ''}.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The files served under this security ID: each as uploaded and as its stamped served copy; either file verifies. */
function ServedFiles({ files }: { files: VerificationResult['served_files'] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
        Documents served
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each file was kept as uploaded and as the stamped copy served (this security ID on every page). A file whose SHA-256 is either one is the
        served document; check a file by uploading it on this page.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Documents served">
        {files.map((f) => (
          <Box component="li" key={`${f.filename}-${f.sha256}`} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {f.filename}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.72rem', wordBreak: 'break-all' }}>
              As uploaded: {f.sha256}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: '0.72rem', wordBreak: 'break-all' }}>
              Stamped copy: {f.served_copy_sha256 ?? 'none (not a PDF, or not stamped yet)'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Info({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', fontWeight: 500 }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
