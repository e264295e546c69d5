import type { DeliveryPage as DeliveryPageData } from '@lexserve/contracts/documents';
import { servedCopyFileName } from '@lexserve/contracts/constants';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { Alert } from '../../../components/plain/alert';
import { Button, ButtonLink } from '../../../components/plain/button';
import { Icon } from '../../../components/plain/icon';
import { Spinner } from '../../../components/plain/spinner';
import { isApiRequestError } from '../../../lib/api-client';
import { formatLongDateTime, formatFileSize } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  canAskForFreshLink,
  deliveredProofName,
  deliveryErrorMessage,
  downloadDeliveredFile,
  downloadDeliveredProof,
  freshLinkErrorMessage,
  useDeliveryPage,
  useRequestFreshLink,
} from '../api/delivery';
import './delivery-page.css';
import { saveBlob } from '../../../lib/save-blob';

/** /delivery/{token}: the recipient's page for documents served on their digital service address (no login). */
export function DeliveryPage() {
  const { token = '' } = useParams();
  const page = useDeliveryPage(token);
  useDocumentTitle('Served Documents');

  return (
    <div className="ls-container ls-container--md ls-delivery">
      {page.isLoading ? (
        <PageLoader label="Opening your documents..." />
      ) : page.isError ? (
        <div className="ls-card">
          <div className="ls-delivery__unavailable">
            {isApiRequestError(page.error) && page.error.code === 'DELIVERY_LINK_SUPERSEDED' ? (
              <Icon name="markEmailUnreadOutlined" size={56} className="ls-tone-warning" />
            ) : canAskForFreshLink(page.error) ? (
              <Icon name="hourglassDisabledOutlined" size={56} className="ls-tone-warning" />
            ) : (
              <Icon name="gppBadOutlined" size={56} className="ls-tone-error" />
            )}
            <h1 className="ls-h4 ls-gutter">{unavailableHeading(page.error)}</h1>
            <p className="ls-p ls-muted ls-delivery__narrow" role="alert">
              {deliveryErrorMessage(page.error)}
            </p>
            {canAskForFreshLink(page.error) ? <FreshLinkPanel token={token} /> : null}
          </div>
        </div>
      ) : page.data ? (
        <DeliveryContent token={token} data={page.data} />
      ) : null}
    </div>
  );
}

/** A sentence ending in a name that already ends with a full stop ("Demo Attorneys Inc.") gets no second one. */
const endSentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

const unavailableHeading = (error: unknown) => {
  if (isApiRequestError(error) && error.code === 'DELIVERY_LINK_EXPIRED') return 'This link has expired';
  if (isApiRequestError(error) && error.code === 'DELIVERY_LINK_SUPERSEDED') return 'A newer link was sent';
  return 'Documents unavailable';
};

/**
 * "Send a fresh link": e-mails a new link to the address the documents were served on (the server never takes
 * another address), then says where it went, masked. Shown when the link has expired or was superseded.
 */
function FreshLinkPanel({ token }: { token: string }) {
  const fresh = useRequestFreshLink(token);
  if (fresh.isSuccess) {
    return (
      <Alert severity="success" role="status" className="ls-delivery__narrow ls-delivery__fresh">
        {fresh.data.message}. Open the newest e-mail in that mailbox to see the documents; earlier links no
        longer work.
      </Alert>
    );
  }
  return (
    <div className="ls-delivery__narrow ls-delivery__fresh">
      <p className="ls-p ls-body2 ls-muted" style={{ marginBottom: 16 }}>
        We can e-mail a fresh link to the address these documents were served on. It is never sent to any
        other address.
      </p>
      <Button
        variant="contained"
        large
        className="ls-delivery__send"
        startIcon={fresh.isPending ? <Spinner size={18} /> : <Icon name="sendOutlined" />}
        onClick={() => fresh.mutate()}
        disabled={fresh.isPending}
      >
        {fresh.isPending ? 'Sending...' : 'Send a fresh link'}
      </Button>
      {fresh.isError ? (
        <Alert severity="error" className="ls-delivery__fresh-error">
          {freshLinkErrorMessage(fresh.error)}
        </Alert>
      ) : null}
    </div>
  );
}

function DeliveryContent({ token, data }: { token: string; data: DeliveryPageData }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; freshLink: boolean } | null>(null);
  const { document: doc } = data;

  const run = async (key: string, load: () => Promise<Blob>, name: string) => {
    setBusy(key);
    setError(null);
    try {
      saveBlob(await load(), name);
    } catch (e) {
      // A link that expired (or was replaced) while the page was open: say so and offer a fresh link.
      setError({ message: deliveryErrorMessage(e), freshLink: canAskForFreshLink(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ls-stack" style={{ gap: 24 }}>
      <div>
        <div className="ls-delivery__title">
          <Icon name="markEmailReadOutlined" size={40} style={{ color: 'var(--ls-navy)' }} />
          <h1 className="ls-h4">Documents served on you</h1>
        </div>
        <p className="ls-p ls-muted">
          {doc.firm_name} served the documents below on <strong>{doc.served_on}</strong> through LexServe.
          Download and keep them for your records.
        </p>
      </div>

      {error ? (
        <Alert
          severity={error.freshLink ? 'warning' : 'error'}
          onClose={error.freshLink ? undefined : () => setError(null)}
        >
          {error.message}
          {error.freshLink ? <FreshLinkPanel token={token} /> : null}
        </Alert>
      ) : null}

      <section className="ls-card">
        <div className="ls-card__body">
          <h2 className="ls-h6" style={{ marginBottom: 16 }}>
            {doc.title}
          </h2>
          <dl className="ls-grid ls-grid--sm-2" style={{ margin: 0 }}>
            <Field label="Case Number" value={doc.case_number} />
            <Field label="Document Type" value={doc.document_type_label ?? doc.document_type} />
            <Field label="Served" value={doc.served_at ? formatLongDateTime(doc.served_at) : null} />
            <Field label="Served By" value={[doc.firm_name, doc.branch_name].filter(Boolean).join(' · ')} />
            <Field label="Firm Contact" value={doc.firm_email} />
            <Field label="Served On" value={doc.served_on} />
          </dl>
        </div>
      </section>

      <section className="ls-card">
        <div className="ls-card__body">
          <h2 className="ls-h6" style={{ marginBottom: 8 }}>
            Served documents ({data.files.length})
          </h2>
          {data.files.length === 0 ? (
            <p className="ls-p ls-muted">No documents are attached to this service.</p>
          ) : (
            <ul className="ls-list" aria-label="Served documents">
              {data.files.map((file) => (
                <li key={file.id} className="ls-delivery__file">
                  <Icon
                    name="descriptionOutlined"
                    style={{ color: 'var(--ls-navy)', minWidth: 28, marginTop: 4 }}
                  />
                  <div className="ls-delivery__file-text">
                    <span className="ls-p" style={{ display: 'block' }}>
                      {file.filename}
                    </span>
                    <span className="ls-body2 ls-muted" style={{ display: 'block' }}>
                      {formatFileSize(file.size)}
                      {file.stamped ? ' · stamped with the security ID on every page' : ''}
                      <span className="ls-delivery__hash">SHA-256 {file.sha256}</span>
                      {file.served_copy_sha256 ? (
                        <span className="ls-delivery__hash">
                          Stamped copy SHA-256 {file.served_copy_sha256}
                        </span>
                      ) : null}
                    </span>
                  </div>
                  <Button
                    variant="contained"
                    className="ls-btn--small"
                    startIcon={busy === `f${file.id}` ? <Spinner size={14} /> : <Icon name="download" />}
                    onClick={() =>
                      void run(
                        `f${file.id}`,
                        () => downloadDeliveredFile(token, file.id),
                        file.stamped ? servedCopyFileName(file.filename) : file.filename,
                      )
                    }
                    disabled={busy !== null}
                    aria-label={`Download ${file.filename}`}
                  >
                    Download
                  </Button>
                  {file.stamped ? (
                    <Button
                      variant="text"
                      className="ls-btn--small"
                      onClick={() =>
                        void run(
                          `o${file.id}`,
                          () => downloadDeliveredFile(token, file.id, { original: true }),
                          file.filename,
                        )
                      }
                      disabled={busy !== null}
                      aria-label={`Original of ${file.filename}, as uploaded (no stamp)`}
                    >
                      {busy === `o${file.id}` ? <Spinner size={14} /> : 'As uploaded'}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {data.proof_of_service ? (
        <section className="ls-card">
          <div className="ls-card__body ls-delivery__proof">
            <Icon name="verifiedUserOutlined" size={40} className="ls-tone-success" />
            <div style={{ flex: 1 }}>
              <h2 className="ls-h6">Proof of service</h2>
              <p className="ls-p ls-body2 ls-muted">
                Security ID{' '}
                <span style={{ fontFamily: 'var(--ls-mono)', fontWeight: 700 }}>
                  {data.proof_of_service.security_id}
                </span>
                . Anyone can check it on the verification page.
              </p>
            </div>
            <div className="ls-delivery__proof-actions">
              <Button
                variant="outlined"
                startIcon={busy === 'proof' ? <Spinner size={14} /> : <Icon name="download" />}
                onClick={() =>
                  void run('proof', () => downloadDeliveredProof(token), deliveredProofName(data))
                }
                disabled={busy !== null}
              >
                Download proof
              </Button>
              <ButtonLink to={`/verify/${encodeURIComponent(data.proof_of_service.security_id)}`}>
                Verify
              </ButtonLink>
            </div>
          </div>
        </section>
      ) : null}

      <hr className="ls-divider" style={{ margin: 0 }} />
      <p className="ls-p ls-body2 ls-muted">
        The link in your e-mail can be opened as many times as needed, from any browser, until{' '}
        {formatLongDateTime(data.expires_at)}. Each opening and download is recorded and reported to the
        sending firm. After that date, this page lets you ask for a fresh link to be sent to {doc.served_on}.{' '}
        {endSentence(
          `For anything else, contact ${doc.firm_name}${doc.firm_email ? ` at ${doc.firm_email}` : ''}`,
        )}
      </p>
    </div>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="ls-caption ls-muted">{label}</dt>
      <dd className="ls-p" style={{ margin: 0, wordBreak: 'break-word' }}>
        {value || 'N/A'}
      </dd>
    </div>
  );
}
