import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import GppBadOutlinedIcon from '@mui/icons-material/GppBadOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
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
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatLongDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deliveredProofName, deliveryErrorMessage, downloadDeliveredFile, downloadDeliveredProof, useDeliveryPage } from '../api/delivery';
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
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <GppBadOutlinedIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
            <Typography variant="h4" component="h1" gutterBottom>
              Documents unavailable
            </Typography>
            <Typography color="text.secondary" role="alert" sx={{ maxWidth: 520, mx: 'auto' }}>
              {deliveryErrorMessage(page.error)}
            </Typography>
          </CardContent>
        </Card>
      ) : page.data ? (
        <DeliveryContent token={token} data={page.data} />
      ) : null}
    </Container>
  );
}

function DeliveryContent({ token, data }: { token: string; data: DeliveryPageData }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { document: doc } = data;

  const run = async (key: string, load: () => Promise<Blob>, name: string) => {
    setBusy(key);
    setError(null);
    try {
      saveBlob(await load(), name);
    } catch (e) {
      setError(deliveryErrorMessage(e));
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
        <Alert severity="error" onClose={() => setError(null)} role="alert">
          {error}
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
                        <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.7rem', wordBreak: 'break-all' }}>
                          SHA-256 {file.sha256}
                        </Box>
                      </>
                    }
                    sx={{ minWidth: 220, flex: 1 }}
                  />
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={busy === `f${file.id}` ? <CircularProgress size={14} color="inherit" /> : <DownloadIcon />}
                    onClick={() => void run(`f${file.id}`, () => downloadDeliveredFile(token, file.id), file.filename)}
                    disabled={busy !== null}
                    aria-label={`Download ${file.filename}`}
                  >
                    Download
                  </Button>
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
        This page stays available in this browser tab until {formatDateTime(data.session_expires_at)}. The link in your e-mail can be opened only once;
        ask {doc.firm_name}
        {doc.firm_email ? ` (${doc.firm_email})` : ''} for a new link if you need one later.
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
