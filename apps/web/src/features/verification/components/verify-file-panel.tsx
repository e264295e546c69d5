import type { FileVerificationResult } from '@lexserve/contracts/verification';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
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
    <section className="ls-card ls-verify__file" aria-labelledby="verify-file-heading">
      <div className="ls-card__body ls-card__body--roomy">
        <h2 id="verify-file-heading" className="ls-h6 ls-gutter">
          Or check a file you received
        </h2>
        <p className="ls-p ls-body2 ls-muted" style={{ marginBottom: 16 }}>
          Drop the PDF here to check it against the documents served through LexServe. Only its fingerprint is
          compared; the file is not kept.
        </p>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          role="group"
          aria-label="Drop a PDF to verify"
          data-testid="verify-dropzone"
          className={dragging ? 'ls-dropzone ls-dropzone--over' : 'ls-dropzone'}
        >
          <Icon name="pictureAsPdfOutlined" size={40} className="ls-dropzone__icon" />
          <p className="ls-p" style={{ fontWeight: 600, marginTop: 8 }}>
            Drag and drop a PDF here
          </p>
          <Button
            variant="outlined"
            style={{ marginTop: 12 }}
            onClick={() => inputRef.current?.click()}
            disabled={progress !== null}
          >
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
        </div>

        <div aria-live="polite">
          {progress !== null ? (
            <div style={{ marginTop: 16 }} role="status">
              <p className="ls-p ls-body2" style={{ marginBottom: 4 }}>
                Checking {file?.name}...
              </p>
              <ProgressBar value={progress} />
            </div>
          ) : null}
          {error ? (
            <Alert severity="error" className="ls-verify__notice">
              {error}
            </Alert>
          ) : null}
          {result ? <FileResult result={result} /> : null}
        </div>
      </div>
    </section>
  );
}

/** The upload's progress, then a moving bar while the server compares (MUI's LinearProgress look). */
function ProgressBar({ value }: { value: number }) {
  const busy = value >= 100;
  return (
    <div
      className={busy ? 'ls-progress ls-progress--busy' : 'ls-progress'}
      role="progressbar"
      aria-label="Upload progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={busy ? undefined : Math.round(value)}
    >
      <div className="ls-progress__bar" style={busy ? undefined : { width: `${value}%` }} />
    </div>
  );
}

function FileResult({ result }: { result: FileVerificationResult }) {
  const color = statusColor(result.status);
  const icon = (
    <Icon
      name={color === 'success' ? 'checkCircle' : color === 'warning' ? 'helpOutlined' : 'error'}
      className={`ls-tone-${color === 'info' ? 'error' : color}`}
    />
  );
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
    <div
      className={`ls-card ls-border-${color}`}
      style={{ marginTop: 16 }}
      data-testid="file-verification-result"
    >
      <div className="ls-card__body">
        <div className="ls-verify__file-head">
          {icon}
          <h3 className={`ls-h6 ls-tone-${color}`}>{heading}</h3>
        </div>
        <p className="ls-p" style={{ marginBottom: 12 }}>
          {result.message}
        </p>
        {result.superseded ? (
          <Alert severity="warning" className="ls-verify__superseded" testId="file-superseded-notice">
            <div style={{ fontWeight: 700 }}>{supersededText(result)}</div>
            This file is authentic, but a later version of this proof of service replaces it: ask the issuing
            firm for the current version, or check it by its security ID.
          </Alert>
        ) : null}
        <div className="ls-grid ls-grid--sm-2" style={{ gap: 12 }}>
          <Item label="File" value={result.filename} />
          {result.firm_name ? <Item label="Issued By" value={result.firm_name} /> : null}
          {result.document_type ? <Item label="Document Type" value={result.document_type} /> : null}
          {result.service_date ? (
            <Item label="Service Date" value={formatLongDate(result.service_date)} />
          ) : null}
          {result.generation_date ? (
            <Item label="Recorded" value={formatLongDateTime(result.generation_date)} />
          ) : null}
          {result.version ? (
            <Item
              label="Version"
              value={
                result.version === result.current_version
                  ? `${result.version} (current)`
                  : `${result.version} of ${result.current_version}`
              }
            />
          ) : null}
          {result.security_id ? (
            <Item
              label="Security ID"
              value={
                <RouterLink to={`/verify/${encodeURIComponent(result.security_id)}`} className="ls-mono">
                  {result.security_id}
                </RouterLink>
              }
            />
          ) : null}
          <Item
            label="SHA-256"
            value={
              <span className="ls-mono ls-break" style={{ fontSize: '0.75rem' }}>
                {result.sha256}
              </span>
            }
            wide
          />
        </div>
        <SealDetails seal={result.seal} />
      </div>
    </div>
  );
}

function Item({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'ls-span-all' : undefined}>
      <div className="ls-caption ls-muted">{label}</div>
      <div className="ls-body2">{value || 'N/A'}</div>
    </div>
  );
}
