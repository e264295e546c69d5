import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normalizeCourtName } from '@lexserve/contracts/court-names';
import {
  CASE_PRIORITY_LABELS,
  MAX_FILES_PER_UPLOAD,
  SERVICE_METHOD_LABELS,
  toDocumentTypeValue,
} from '@lexserve/contracts/document-constants';
import { addressSourceLabel, serviceMethodOf } from '@lexserve/contracts/service-channels';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatLongDate, formatFileSize } from '../../../lib/format';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import { isPartyEmpty } from '../utils/party-rules';
import { CitationList } from './citation-step';
import { DigitalSignatureCard } from './digital-signature-card';
import { ServiceChannelNote } from './service-channel-note';
import { UploadArea } from './upload-area';
import { UploadedFilesList } from './uploaded-files-list';

/** More files than this bring the "Clear All Files" button (spec 2.2). */
const CLEAR_ALL_THRESHOLD = 20;

/** Step 2, "Upload Documents". */
export function UploadStep({ wizard }: { wizard: MatterWizard }) {
  const { staging, serverFiles, resumed, busy } = wizard;
  const [confirmClear, setConfirmClear] = useState(false);
  // Every file of the attempt once: those on the draft, and the staged ones not (yet) among them.
  const onDraft = new Set(serverFiles.map((f) => `${f.filename}:${f.size}`));
  const pending = staging.staged.filter((s) => !onDraft.has(`${s.file.name}:${s.file.size}`));
  const totalFiles = serverFiles.length + pending.length;
  const totalSize =
    serverFiles.reduce((sum, f) => sum + f.size, 0) + pending.reduce((sum, s) => sum + s.file.size, 0);
  return (
    <Box>
      {resumed && serverFiles.length > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This draft already has {serverFiles.length} uploaded file{serverFiles.length === 1 ? '' : 's'}. You
          can add more files or continue to the next step.
        </Alert>
      ) : null}
      <UploadArea
        staging={staging}
        uploaded={serverFiles}
        onUploadSelected={() => void wizard.uploadSelected()}
        hint={`PDF, DOC or DOCX · up to 100 MB each · at most ${MAX_FILES_PER_UPLOAD} files`}
        disabled={busy}
        label="Upload case documents"
      />
      <Stack direction="row" spacing={3} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">
          <strong>Total Files:</strong> {totalFiles}
        </Typography>
        <Typography variant="body2">
          <strong>Total Size:</strong> {formatFileSize(totalSize)}
        </Typography>
        {staging.staged.length > CLEAR_ALL_THRESHOLD ? (
          <Button
            color="error"
            startIcon={<DeleteSweepOutlinedIcon />}
            onClick={() => setConfirmClear(true)}
            disabled={busy}
          >
            Clear All Files
          </Button>
        ) : null}
      </Stack>
      <UploadedFilesList files={serverFiles} />
      <ConfirmDialog
        open={confirmClear}
        type="warning"
        title="Clear All Files"
        message={`Remove all ${staging.staged.length} files from the upload list? Files already uploaded to the draft are kept.`}
        confirmLabel="Clear All Files"
        onConfirm={() => {
          staging.clearAll();
          setConfirmClear(false);
        }}
        onCancel={() => setConfirmClear(false)}
      />
    </Box>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, py: 0.75, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: { sm: 190 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {value || 'N/A'}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Step 5, "Review and Submit". */
export function ReviewStep({
  wizard,
  fullName,
}: {
  wizard: MatterWizard;
  fullName: string | null | undefined;
}) {
  const { caseInfo, legalRep, partyData, serverFiles, staging, signature, busy, citation } = wizard;
  const pending = staging.staged.filter((s) => s.status !== 'uploaded');
  const rows = [
    ...serverFiles.map((f) => ({ key: `f${f.id}`, name: f.filename, size: f.size, note: '' })),
    ...pending.map((s) => ({
      key: s.id,
      name: s.file.name,
      size: s.file.size,
      note: ' (will be uploaded on submit)',
    })),
  ];
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  const bySheriff =
    serviceMethodOf(
      caseInfo.documentType ? toDocumentTypeValue(caseInfo.documentType) : null,
      legalRep.serviceMethod || null,
    ) === 'sheriff';
  return (
    <Stack spacing={2.5}>
      <Section title="Case Information">
        <SummaryRow label="Document Title" value={caseInfo.title} />
        <SummaryRow label="Name of Attorney" value={caseInfo.attorneyName} />
        <SummaryRow label="Attorney Email" value={caseInfo.attorneyEmail} />
        <SummaryRow label="Case Number" value={caseInfo.caseNumber} />
        <SummaryRow
          label="Case Priority"
          value={caseInfo.casePriority ? CASE_PRIORITY_LABELS[caseInfo.casePriority] : ''}
        />
        <SummaryRow label="Case Category" value={caseInfo.caseCategory} />
        <SummaryRow label="Document Type" value={caseInfo.documentType} />
        <SummaryRow label="Court" value={normalizeCourtName(caseInfo.courtName) ?? caseInfo.courtName} />
        <SummaryRow label="Court Online" value={caseInfo.onCourtOnline ? 'Yes' : 'No'} />
        {caseInfo.documentType ? (
          <Box sx={{ mt: 1 }}>
            <ServiceChannelNote documentType={caseInfo.documentType} onCourtOnline={caseInfo.onCourtOnline} />
          </Box>
        ) : null}
      </Section>

      <Section title="Documents">
        {rows.length ? (
          <>
            <List dense disablePadding aria-label="Documents to serve">
              {rows.map((row) => (
                <ListItem key={row.key} disableGutters>
                  <ListItemIcon sx={{ minWidth: 34 }}>
                    <DescriptionOutlinedIcon fontSize="small" color="primary" />
                  </ListItemIcon>
                  <ListItemText primary={`${row.name}${row.note}`} secondary={formatFileSize(row.size)} />
                </ListItem>
              ))}
            </List>
            <Divider sx={{ my: 1 }} />
            <Typography variant="body2">
              <strong>Total:</strong> {rows.length} file{rows.length === 1 ? '' : 's'},{' '}
              {formatFileSize(total)}
            </Typography>
          </>
        ) : wizard.hasExistingFile ? (
          <Typography variant="body2" color="text.secondary">
            The draft's uploaded documents will be served.
          </Typography>
        ) : (
          <Typography variant="body2" color="error">
            No documents uploaded.
          </Typography>
        )}
      </Section>

      <Section title="Citation">
        <CitationList citation={citation} />
        {!isPartyEmpty(partyData) ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            A party entered in step 3 but not added to the citation is saved with the draft when its details
            are complete.
          </Typography>
        ) : null}
      </Section>

      {bySheriff ? (
        <Section title="Service">
          <SummaryRow label="Served by" value={SERVICE_METHOD_LABELS.sheriff} />
          <SummaryRow label="Sheriff" value={legalRep.sheriffName} />
        </Section>
      ) : (
        <Section title="Legal Representative">
          <SummaryRow label="Firm Name" value={legalRep.firmName} />
          <SummaryRow label="Branch Name" value={legalRep.branchName} />
          <SummaryRow label="Firm Email" value={legalRep.firmEmail} />
          <SummaryRow label="Firm Address" value={legalRep.firmAddress} />
          <SummaryRow label="Digital Service Address" value={legalRep.digitalServiceAddress} />
          <SummaryRow
            label="Address nominated in"
            value={addressSourceLabel(legalRep.addressSource || 'registered_on_lexserve')}
          />
        </Section>
      )}

      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
        {bySheriff ? (
          <Typography variant="body2">
            Signing finalises this document. It goes to{' '}
            <strong>{legalRep.sheriffName || 'the sheriff'}</strong> for service and its documents can no
            longer change. It is served when the sheriff issues the return of service, whose date becomes the
            service date; the return is its proof of service.
          </Typography>
        ) : (
          <Typography variant="body2">
            Signing finalises this document. Its status will be set to <strong>"Completed"</strong>, it will
            be served on the digital service address above (Uniform Rule 4A), and today,{' '}
            <strong>{formatLongDate(new Date())}</strong>, will be recorded as the service date. A proof of
            service (a Notice of Electronic Service) is generated automatically.
          </Typography>
        )}
      </Paper>

      <DigitalSignatureCard
        fullName={fullName}
        signature={signature}
        onSign={(value) => {
          wizard.setSignature(value);
          wizard.setErrors([]);
        }}
        onClear={() => wizard.setSignature('')}
        disabled={busy}
        error={wizard.fieldError('signature')}
      />
    </Stack>
  );
}
