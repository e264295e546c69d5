import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import GppBadOutlinedIcon from '@mui/icons-material/GppBadOutlined';
import HourglassDisabledOutlinedIcon from '@mui/icons-material/HourglassDisabledOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeliveryPage as DeliveryPageData } from '@lexserve/contracts/documents';
import { servedCopyFileName } from '@lexserve/contracts/documents';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { isApiRequestError } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/format';
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
import { saveBlob } from '../utils/document-display';
import { formatFileSize } from '../utils/upload-rules';

/** /delivery/{token}: the recipient's page for documents served on their digital service address (no login). */
export function DeliveryPage() {
  const { token = '' } = useParams();
  const page = useDeliveryPage(token);
  useDocumentTitle('Served Documents');

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      {page.isLoading ? (
        <PageLoader label="Opening your documents..." />
      ) : page.isError ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: { xs: 4, sm: 6 }, px: { xs: 2, sm: 4 } }}>
            {isApiRequestError(page.error) && page.error.code === 'DELIVERY_LINK_SUPERSEDED' ? (
              <MarkEmailUnreadOutlinedIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />
            ) : canAskForFreshLink(page.error) ? (
              <HourglassDisabledOutlinedIcon color="warning" sx={{ fontSize: 56 }} aria-hidden />
            ) : (
              <GppBadOutlinedIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
            )}
            <Typography variant="h4" component="h1" gutterBottom>
              {unavailableHeading(page.error)}
            </Typography>
            <Typography color="text.secondary" role="alert" sx={{ maxWidth: 520, mx: 'auto' }}>
              {deliveryErrorMessage(page.error)}
            </Typography>
            {canAskForFreshLink(page.error) ? <FreshLinkPanel token={token} /> : null}
          </CardContent>
        </Card>
      ) : page.data ? (
        <DeliveryContent token={token} data={page.data} />
      ) : null}
    </Container>
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
      <Alert severity="success" role="status" sx={{ mt: 3, textAlign: 'left', maxWidth: 520, mx: 'auto' }}>
        {fresh.data.message}. Open the newest e-mail in that mailbox to see the documents; earlier links no longer work.
      </Alert>
    );
  }
  return (
    <Box sx={{ mt: 3, maxWidth: 520, mx: 'auto' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        We can e-mail a fresh link to the address these documents were served on. It is never sent to any other address.
      </Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={fresh.isPending ? <CircularProgress size={18} color="inherit" /> : <SendOutlinedIcon />}
        onClick={() => fresh.mutate()}
        disabled={fresh.isPending}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {fresh.isPending ? 'Sending...' : 'Send a fresh link'}
      </Button>
      {fresh.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2, textAlign: 'left' }}>
          {freshLinkErrorMessage(fresh.error)}
        </Alert>
      ) : null}
    </Box>
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
    <Stack spacing={3}>
      <Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography variant="h4" component="h1">
            Documents served on you
          </Typography>
        </Stack>
        <Typography color="text.secondary">
          {doc.firm_name} served the documents below on <strong>{doc.served_on}</strong> through LexServe. Download and keep them for your records.
        </Typography>
      </Box>

      {error ? (
        <Alert severity={error.freshLink ? 'warning' : 'error'} onClose={error.freshLink ? undefined : () => setError(null)} role="alert">
          {error.message}
          {error.freshLink ? <FreshLinkPanel token={token} /> : null}
        </Alert>
      ) : null}

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {doc.title}
          </Typography>
          <Grid container spacing={2}>
            <Field label="Case Number" value={doc.case_number} />
            <Field label="Document Type" value={doc.document_type_label ?? doc.document_type} />
            <Field label="Served" value={doc.served_at ? formatLongDateTime(doc.served_at) : null} />
            <Field label="Served By" value={[doc.firm_name, doc.branch_name].filter(Boolean).join(' · ')} />
            <Field label="Firm Contact" value={doc.firm_email} />
            <Field label="Served On" value={doc.served_on} />
          </Grid>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Served documents ({data.files.length})
          </Typography>
          {data.files.length === 0 ? (
            <Typography color="text.secondary">No documents are attached to this service.</Typography>
          ) : (
            <List disablePadding aria-label="Served documents">
              {data.files.map((file, index) => (
                <ListItem key={file.id} divider={index < data.files.length - 1} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <DescriptionOutlinedIcon color="primary" />
                  </ListItemIcon>
                  <ListItemText
                    primary={file.filename}
                    secondary={
                      <>
                        {formatFileSize(file.size)}
                        {file.stamped ? ' · stamped with the security ID on every page' : ''}
                        <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.7rem', wordBreak: 'break-all' }}>
                          SHA-256 {file.sha256}
                        </Box>
                        {file.served_copy_sha256 ? (
                          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.7rem', wordBreak: 'break-all' }}>
                            Stamped copy SHA-256 {file.served_copy_sha256}
                          </Box>
                        ) : null}
                      </>
                    }
                    sx={{ minWidth: 220, flex: 1 }}
                  />
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={busy === `f${file.id}` ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
                    onClick={() =>
                      void run(`f${file.id}`, () => downloadDeliveredFile(token, file.id), file.stamped ? servedCopyFileName(file.filename) : file.filename)
                    }
                    disabled={busy !== null}
                    aria-label={`Download ${file.filename}`}
                  >
                    Download
                  </Button>
                  {file.stamped ? (
                    <Button
                      variant="text"
                      size="small"
                      onClick={() => void run(`o${file.id}`, () => downloadDeliveredFile(token, file.id, { original: true }), file.filename)}
                      disabled={busy !== null}
                      aria-label={`Original of ${file.filename}, as uploaded (no stamp)`}
                    >
                      {busy === `o${file.id}` ? <CircularProgress size={14} /> : 'As uploaded'}
                    </Button>
                  ) : null}
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      {data.proof_of_service ? (
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <VerifiedUserOutlinedIcon color="success" sx={{ fontSize: 40 }} aria-hidden />
              <Box sx={{ flex: 1 }}>
                <Typography variant="h6" component="h2">
                  Proof of service
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Security ID <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{data.proof_of_service.security_id}</Box>. Anyone can
                  check it on the verification page.
                </Typography>
              </Box>
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  startIcon={busy === 'proof' ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
                  onClick={() => void run('proof', () => downloadDeliveredProof(token), deliveredProofName(data))}
                  disabled={busy !== null}
                >
                  Download proof
                </Button>
                <Button component={RouterLink} to={`/verify/${encodeURIComponent(data.proof_of_service.security_id)}`}>
                  Verify
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ) : null}

      <Divider />
      <Typography variant="body2" color="text.secondary">
        The link in your e-mail can be opened as many times as needed, from any browser, until {formatLongDateTime(data.expires_at)}. Each opening
        and download is recorded and reported to the sending firm. After that date, this page lets you ask for a fresh link to be sent to{' '}
        {doc.served_on}. {endSentence(`For anything else, contact ${doc.firm_name}${doc.firm_email ? ` at ${doc.firm_email}` : ''}`)}
      </Typography>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body1', wordBreak: 'break-word' }}>{value || 'N/A'}</Box>
    </Grid>
  );
}
