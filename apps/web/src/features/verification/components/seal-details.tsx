import GppBadOutlinedIcon from '@mui/icons-material/GppBadOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Seal } from '@lexserve/contracts/verification';
import { API_BASE_URL } from '../../../config/env';
import { sealSentence, sealUnchanged } from '../api/seal-text';

/** The electronic seal read from the PDF itself, in words, with the certificates to download. */
export function SealDetails({ seal }: { seal: Seal | null }) {
  if (!seal) return null;
  const good = sealUnchanged(seal) && seal.by_lexserve;
  const title = !seal.present
    ? 'No electronic seal'
    : !sealUnchanged(seal)
      ? 'Changed after sealing'
      : seal.by_lexserve
        ? 'Sealed by LexServe'
        : "Not LexServe's seal";
  return (
    <Alert
      severity={good ? 'success' : seal.present && !sealUnchanged(seal) ? 'error' : 'warning'}
      icon={good ? <VerifiedUserOutlinedIcon /> : <GppBadOutlinedIcon />}
      sx={{ mt: 2 }}
      data-testid="seal-details"
    >
      <AlertTitle>Electronic seal: {title}</AlertTitle>
      <Box>{sealSentence(seal)}</Box>
      {seal.signer ? (
        <Box sx={{ mt: 1, fontSize: '0.75rem', wordBreak: 'break-all' }}>
          Seal certificate fingerprint (SHA-256): <Box component="span" sx={{ fontFamily: 'monospace' }}>{seal.signer.fingerprint_sha256}</Box>
        </Box>
      ) : null}
      {seal.by_lexserve ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mt: 1 }}>
          <Link href={`${API_BASE_URL}/seal/certificate`} download>
            Download the seal certificate
          </Link>
          <Link href={`${API_BASE_URL}/seal/local-ca`} download>
            Download the issuing certificate authority
          </Link>
        </Stack>
      ) : null}
    </Alert>
  );
}
