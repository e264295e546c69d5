import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { proofFileName, type Document, type ProofVersion } from '@lexserve/contracts/documents';
import { useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatLongDateTime, formatFileSize } from '../../../lib/format';
import {
  downloadProof,
  proofDownloadError,
  useProofVersions,
} from '../../../lib/documents-api/proof-of-service';
import { saveBlob } from '../../../lib/save-blob';

/** An older version's file name ends in _v{N}, as the server names it. */
const versionFileName = (document: Document, v: ProofVersion) =>
  v.is_current ? proofFileName(document) : proofFileName(document).replace(/\.pdf$/, `_v${v.version}.pdf`);

/**
 * Every version of the proof of service, newest first: a new version is drawn when the delivery record changes
 * (opened, downloaded) or a return is issued; each is kept, verifies, and can be downloaded.
 */
export function ProofVersionsList({ document }: { document: Document }) {
  const versions = useProofVersions(document.id);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (v: ProofVersion) => {
    setBusy(v.version);
    setError(null);
    try {
      saveBlob(await downloadProof(document.id, v.version), versionFileName(document, v));
    } catch (e) {
      setError(proofDownloadError(e));
    } finally {
      setBusy(null);
    }
  };

  const list = versions.data?.versions ?? [];
  return (
    <Box component="section" aria-labelledby="proof-versions-heading" sx={{ mt: 3 }}>
      <Typography id="proof-versions-heading" variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        Versions{list.length ? ` (${list.length})` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A new version is issued when the delivery record changes or a return is issued. Every version is kept
        and verifies; an older one is reported as superseded.
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {versions.isLoading ? (
        <Skeleton variant="rounded" height={72} />
      ) : versions.isError ? (
        <Alert severity="error">
          {describeError(versions.error, { fallback: 'Failed to load the versions of the proof of service' })}
        </Alert>
      ) : (
        <Box component="ol" aria-label="Proof of service versions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((v, index) => (
            <Box component="li" key={v.version} data-testid={`proof-version-${v.version}`}>
              {index > 0 ? <Divider /> : null}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 1, sm: 2 }}
                sx={{ py: 1.5, alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography sx={{ fontWeight: 700 }}>Version {v.version}</Typography>
                    {v.is_current ? (
                      <Chip size="small" color="success" label="Current" />
                    ) : (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={`Superseded ${v.superseded_at ? formatLongDateTime(v.superseded_at) : ''}`.trim()}
                      />
                    )}
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {formatLongDateTime(v.generated_at)} · {v.reason_label} · {formatFileSize(v.size)}
                  </Typography>
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'text.secondary' }}
                  >
                    SHA-256 {v.sha256}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={
                    busy === v.version ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />
                  }
                  onClick={() => void download(v)}
                  disabled={busy !== null}
                  aria-label={`Download version ${v.version}`}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
                >
                  Download
                </Button>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
