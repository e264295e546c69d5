import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { proofFileName, type Document } from '@lexserve/contracts/documents';
import { RETURN_KIND_TITLES, type ServiceReturn } from '@lexserve/contracts/returns';
import { useState, type ReactNode } from 'react';
import { formatCents, formatDateTime } from '../../../lib/format';
import { downloadProof, proofDownloadError } from '../../../lib/documents-api/proof-of-service';
import { TAP } from './tap';
import { saveBlob } from '../../../lib/save-blob';

/** A fact of the return; `wide` facts take the whole row on a phone. */
function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

type IssuedReturnSummaryProps = {
  document: Pick<Document, 'id' | 'case_number'>;
  serviceReturn: ServiceReturn;
  /** The newest return: its PDF is the document's proof of service, to download. */
  latest: boolean;
};

/** One issued return: kind, dates, manner and rule, person served, fees; the PDF of the newest. */
export function IssuedReturnSummary({ document, serviceReturn: r, latest }: IssuedReturnSummaryProps) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = RETURN_KIND_TITLES[r.kind];

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      saveBlob(await downloadProof(document.id), proofFileName(document));
    } catch (e) {
      setError(proofDownloadError(e, 'Failed to download the return'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box component="article" aria-label={`${title} issued ${formatDateTime(r.issued_at)}`}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Issued {formatDateTime(r.issued_at)} by {r.sheriff.full_name}
        {r.sheriff.office_name ? `, ${r.sheriff.office_name}` : ''}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' }, m: 0 }}
      >
        {r.outcome === 'served' ? (
          <>
            <Fact label="Served">{formatDateTime(r.served_at)}</Fact>
            <Fact label="Manner" wide>
              {r.manner_label ?? '—'}
              {r.rule ? ` (${r.rule})` : ''}
            </Fact>
            <Fact label="Person served" wide>
              {r.person_served_name ?? '—'}
              {r.person_served_capacity ? `, ${r.person_served_capacity}` : ''}
            </Fact>
            <Fact label="Address" wide>
              {r.address ?? '—'}
            </Fact>
          </>
        ) : (
          <>
            <Fact label="Reason for non-service" wide>
              {r.non_service_reason ?? '—'}
            </Fact>
            <Fact label="Diligent search" wide>
              {r.diligent_search ?? '—'}
            </Fact>
          </>
        )}
        <Fact label="Fees total" wide>
          {formatCents(r.total_cents)}
          {r.vat_registered ? ` (incl. VAT ${formatCents(r.vat_cents)})` : ' (no VAT)'}
        </Fact>
        <Fact label="Attempts">{r.attempts.length}</Fact>
        {r.security_id ? (
          <Fact label="Security ID">
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {r.security_id}
            </Box>
          </Fact>
        ) : null}
      </Box>
      {latest ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            onClick={() => void download()}
            disabled={downloading}
            startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
            sx={TAP}
          >
            {downloading ? 'Downloading…' : `Download ${title} (PDF)`}
          </Button>
        </Stack>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
