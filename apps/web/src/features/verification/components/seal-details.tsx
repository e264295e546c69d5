import type { Seal } from '@lexserve/contracts/verification';
import { Alert } from '../../../components/plain/alert';
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
      icon={good ? 'verifiedUserOutlined' : 'gppBadOutlined'}
      className="ls-verify__notice"
      testId="seal-details"
      title={`Electronic seal: ${title}`}
    >
      <div>{sealSentence(seal)}</div>
      {seal.signer ? (
        <div className="ls-break" style={{ marginTop: 8, fontSize: '0.75rem' }}>
          Seal certificate fingerprint (SHA-256):{' '}
          <span className="ls-mono">{seal.signer.fingerprint_sha256}</span>
        </div>
      ) : null}
      {seal.by_lexserve ? (
        <div className="ls-verify__seal-links">
          <a href={`${API_BASE_URL}/seal/certificate`} download>
            Download the seal certificate
          </a>
          <a href={`${API_BASE_URL}/seal/local-ca`} download>
            Download the issuing certificate authority
          </a>
        </div>
      ) : null}
    </Alert>
  );
}
