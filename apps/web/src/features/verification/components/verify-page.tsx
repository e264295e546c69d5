import type { VerificationResult } from '@lexserve/contracts/verification';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
import { Spinner } from '../../../components/plain/spinner';
import { TextField } from '../../../components/plain/text-field';
import { formatLongDate, formatLongDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  REVOKED_NOTICE,
  VerificationError,
  VERIFY_MESSAGES,
  statusColor,
  supersededText,
  verifySecurityId,
} from '../api/verify';
import { SealDetails } from './seal-details';
import { VerifyFilePanel } from './verify-file-panel';
import './verify.css';

const STATUS_ICON = {
  success: <Icon name="checkCircle" size={44} className="ls-tone-success" />,
  warning: <Icon name="helpOutlined" size={44} className="ls-tone-warning" />,
  error: <Icon name="error" size={44} className="ls-tone-error" />,
  info: <Icon name="helpOutlined" size={44} className="ls-tone-info" />,
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
      if (id === request.current)
        setError(e instanceof VerificationError ? e.message : VERIFY_MESSAGES.failed);
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
    <div className="ls-container ls-container--md ls-verify">
      <div className="ls-verify__head">
        <Icon name="verifiedUserOutlined" size={52} className="ls-verify__badge" />
        <h1 className="ls-h3">Verify Document</h1>
        <p className="ls-p ls-muted" style={{ maxWidth: 600 }}>
          Check that a document served through LexServe is authentic and has not been altered or revoked. No
          account is needed.
        </p>
      </div>

      <section className="ls-card" aria-labelledby="verify-id-heading">
        <div className="ls-card__body ls-card__body--roomy">
          <h2 id="verify-id-heading" className="ls-h6 ls-gutter">
            Verify by security ID
          </h2>
          <form onSubmit={onSubmit} noValidate>
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
              autoComplete="off"
              spellCheck={false}
              className="ls-verify__id"
            />
            <div className="ls-row" style={{ gap: 12, marginTop: 16 }}>
              <Button
                type="submit"
                variant="contained"
                large
                disabled={busy}
                startIcon={busy ? <Spinner size={18} /> : <Icon name="search" />}
              >
                {busy ? 'Verifying...' : 'Verify Document'}
              </Button>
              <Button type="button" large onClick={newSearch}>
                New Search
              </Button>
            </div>
          </form>

          <div aria-live="polite" style={{ marginTop: error || result ? 24 : 0 }}>
            {error ? (
              <Alert
                severity="error"
                title={error === VERIFY_MESSAGES.failed ? 'Verification Error' : undefined}
              >
                {error}
              </Alert>
            ) : null}
            {result ? <VerificationResultCard result={result} /> : null}
          </div>
        </div>
      </section>

      <VerifyFilePanel />

      <section className="ls-card ls-verify__about" aria-labelledby="about-verification">
        <div className="ls-card__body ls-card__body--roomy">
          <h2 id="about-verification" className="ls-h6 ls-gutter">
            About Document Verification
          </h2>
          <div className="ls-stack ls-body2" style={{ gap: 12 }}>
            <p className="ls-p">
              Every proof of service generated by LexServe carries a unique security ID and a QR code.
              Scanning the code opens this page with the ID filled in.
            </p>
            <p className="ls-p">
              A check confirms that the ID was issued by LexServe, re-computes the fingerprint (SHA-256) of
              the stored proof to show its content is unchanged, reports whether the issuing firm is in good
              standing, and tells you if the firm has revoked the document.
            </p>
            <p className="ls-p">
              You can also check a file you received: its fingerprint is compared with the documents served
              through the platform. The file is not stored.
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The result card: icon and colour by status, the ID, the heading and the server's message. */
function VerificationResultCard({ result }: { result: VerificationResult }) {
  const color = statusColor(result.status);
  const verified = result.valid && result.status === 'verified';
  return (
    <div className={`ls-card ls-border-${color}`} data-testid="verification-result">
      <div className="ls-card__body">
        <div className="ls-verify__result-head">
          {STATUS_ICON[color]}
          <div style={{ minWidth: 0 }}>
            <h3 className={`ls-h5 ls-tone-${color}`}>
              {verified ? 'Document Verified' : 'Document Not Verified'}
            </h3>
            <p className="ls-p ls-body2 ls-mono ls-break" style={{ marginTop: 4 }}>
              Security ID: {result.security_id}
            </p>
            <p className="ls-p" style={{ marginTop: 8 }}>
              {result.message}
            </p>
          </div>
        </div>

        {result.superseded ? (
          <Alert
            severity="warning"
            icon="history"
            className="ls-verify__notice"
            testId="superseded-notice"
            title={supersededText(result)}
          >
            This version is authentic, but a later version of this proof of service replaces it: rely on the
            current version.{' '}
            <RouterLink to={`/verify/${encodeURIComponent(result.security_id)}`}>
              Check the current version
            </RouterLink>
          </Alert>
        ) : null}

        {verified ? (
          <>
            <hr className="ls-divider" />
            <h4 className="ls-subtitle" style={{ marginBottom: 8 }}>
              Document Information
            </h4>
            <div className="ls-grid ls-grid--sm-2">
              <Info label="Document Type" value={result.document_type} />
              <Info label="PDF Type" value={pdfTypeLabel(result.pdf_type)} />
              <Info
                label="Generated"
                value={result.generation_date ? formatLongDateTime(result.generation_date) : null}
              />
              {result.version ? (
                <Info
                  label="Version"
                  value={
                    result.version === result.current_version
                      ? `${result.version} (current)`
                      : `${result.version} of ${result.current_version}`
                  }
                />
              ) : null}
              <Info label="Verification Count" value={String(result.verification_count)} />
              {result.firm_name ? <Info label="Issued By" value={result.firm_name} /> : null}
              {result.service_date ? (
                <Info label="Service Date" value={formatLongDate(result.service_date)} />
              ) : null}
              <Info
                label="Content Integrity"
                value={
                  result.hash_verified ? (
                    <Chip good label="Verified" />
                  ) : (
                    <Chip good={false} label="Could not verify" />
                  )
                }
              />
              <Info
                label="Firm Verification"
                value={
                  result.firm_verified ? (
                    <Chip good label="Verified Firm" />
                  ) : (
                    <Chip good={false} label="Not Verified" />
                  )
                }
              />
              <Info
                label="Verification URL"
                wide
                value={
                  result.verification_url ? (
                    <a href={result.verification_url} className="ls-break">
                      {result.verification_url}
                    </a>
                  ) : null
                }
              />
            </div>
            {'served_files' in result && result.served_files.length ? (
              <ServedFiles files={result.served_files} />
            ) : null}
          </>
        ) : null}

        {result.status !== 'not_found' ? <SealDetails seal={result.seal} /> : null}

        {result.status === 'revoked' ? (
          <Alert
            severity="error"
            icon="gppBadOutlined"
            className="ls-verify__notice"
            title="Document Revoked"
          >
            {REVOKED_NOTICE}
            {result.revoked_at ? ` Revoked on ${formatLongDateTime(result.revoked_at)}.` : ''}
          </Alert>
        ) : null}
        {result.status === 'not_found' ? (
          <Alert severity="warning" className="ls-verify__notice" title="Document Not Found">
            No served document carries this security ID. It may have been entered incorrectly: check each
            character against the document. If it is correct, the document was not served through LexServe.
          </Alert>
        ) : null}
        {result.status === 'invalid' ? (
          <Alert severity="error" className="ls-verify__notice" title="Content could not be confirmed">
            Do not rely on this document. Contact the issuing firm
            {result.firm_name ? ` (${result.firm_name})` : ''}.
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

/** A small filled chip: green with a tick, or amber with a warning sign. */
function Chip({ good, label }: { good: boolean; label: string }) {
  return (
    <span className={good ? 'ls-chip ls-chip--success' : 'ls-chip ls-chip--warning'}>
      <Icon name={good ? 'checkCircle' : 'reportProblemOutlined'} />
      <span className="ls-chip__label">{label}</span>
    </span>
  );
}

/** The files served under this security ID: each as uploaded and as its stamped served copy; either file verifies. */
function ServedFiles({ files }: { files: VerificationResult['served_files'] }) {
  return (
    <div style={{ marginTop: 16 }}>
      <h4 className="ls-subtitle" style={{ marginBottom: 4 }}>
        Documents served
      </h4>
      <p className="ls-p ls-body2 ls-muted" style={{ marginBottom: 8 }}>
        Each file was kept as uploaded and as the stamped copy served (this security ID on every page). A file
        whose SHA-256 is either one is the served document; check a file by uploading it on this page.
      </p>
      <ul className="ls-verify__files" aria-label="Documents served">
        {files.map((f) => (
          <li key={`${f.filename}-${f.sha256}`}>
            <p className="ls-p ls-body2" style={{ fontWeight: 600 }}>
              {f.filename}
            </p>
            <p className="ls-p ls-body2 ls-mono ls-break ls-verify__hash">As uploaded: {f.sha256}</p>
            <p className="ls-p ls-body2 ls-mono ls-break ls-verify__hash">
              Stamped copy: {f.served_copy_sha256 ?? 'none (not a PDF, or not stamped yet)'}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Info({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'ls-span-all' : undefined}>
      <div className="ls-caption ls-muted">{label}</div>
      <div className="ls-body2" style={{ fontWeight: 500 }}>
        {value || 'N/A'}
      </div>
    </div>
  );
}
