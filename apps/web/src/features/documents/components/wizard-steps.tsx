import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { COURT_NAME_INVALID, COURT_ONLINE_HIGH_COURT_ONLY, isMagistratesCourt, normalizeCourtName } from '@lexserve/contracts/courts';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  MAX_FILES_PER_UPLOAD,
  SERVICE_METHOD_LABELS,
  toDocumentTypeValue,
  type CaseCategory,
  type CasePriority,
} from '@lexserve/contracts/documents';
import { addressSourceLabel, serviceChannelNote, serviceChannelOf, serviceMethodOf, type ServiceChannelEntry } from '@lexserve/contracts/service-channels';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatLongDate, formatFileSize } from '../../../lib/format';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import { isPartyEmpty } from '../utils/party-rules';
import type { WizardField } from '../utils/submit-issues';
import { COURT_REQUIRED, changeCategory, documentTypesFor, type CaseInfo } from '../utils/wizard-rules';
import { CitationList } from './citation-step';
import { CourtPicker } from './court-picker';
import { DigitalSignatureCard } from './digital-signature-card';
import { UploadArea } from './upload-area';
import { UploadedFilesList } from './uploaded-files-list';

const FIELD_ERRORS: Record<string, keyof CaseInfo> = {
  'Document title is required': 'title',
  'Attorney Name is required': 'attorneyName',
  'Attorney Email is required': 'attorneyEmail',
  'Please enter a valid email address': 'attorneyEmail',
  'Case Number is required': 'caseNumber',
  'Case Priority is required': 'casePriority',
  'Case Category is required': 'caseCategory',
  'Document Type is required': 'documentType',
  [COURT_REQUIRED]: 'courtName',
  [COURT_NAME_INVALID]: 'courtName',
  [COURT_ONLINE_HIGH_COURT_ONLY]: 'onCourtOnline',
};

const CHANNEL_SEVERITY: Record<ServiceChannelEntry['channel'], 'info' | 'success' | 'warning'> = {
  sheriff: 'warning',
  electronic_or_sheriff: 'success',
  not_served: 'info',
};

/** How the chosen document type is served, with the rule it rests on (docs/service-rules.md). */
function ServiceChannelNote({ documentType, onCourtOnline }: { documentType: string; onCourtOnline: boolean }) {
  const entry = serviceChannelOf(documentType);
  if (!entry) return null;
  return (
    <Alert severity={CHANNEL_SEVERITY[entry.channel]} role="note" aria-label="How this document is served" data-testid="service-channel-note">
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {serviceChannelNote(entry, { onCourtOnline })}
      </Typography>
      <Typography variant="body2">
        {entry.channel === 'electronic_or_sheriff' && onCourtOnline
          ? 'This matter runs on Court Online: serve it there. LexServe does not e-mail documents of a Court Online matter.'
          : entry.explanation}
      </Typography>
      {entry.note ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          {entry.note}
        </Typography>
      ) : null}
    </Alert>
  );
}

/** Step 1, "Case Information". */
export function CaseInfoStep({ wizard }: { wizard: MatterWizard }) {
  const { caseInfo, setCaseInfo, errors, busy } = wizard;
  // A field's message: from this step's own check, or what the server said of it when it refused the submit.
  const fieldError = (field: keyof CaseInfo) =>
    errors.find((message) => FIELD_ERRORS[message] === field) ?? wizard.fieldError(field as WizardField);
  /** A change clears that field's messages; the others stay until the next check. */
  const clearErrorsOf = (...fields: (keyof CaseInfo)[]) => {
    const named = fields.map((field) => wizard.fieldError(field as WizardField));
    const stale = (message: string) => fields.includes(FIELD_ERRORS[message] as keyof CaseInfo) || named.includes(message);
    if (errors.some(stale)) wizard.setErrors(errors.filter((message) => !stale(message)));
  };
  const set = <K extends keyof CaseInfo>(field: K, value: CaseInfo[K]) => {
    setCaseInfo({ ...caseInfo, [field]: value });
    clearErrorsOf(field);
  };
  const types = documentTypesFor(caseInfo.caseCategory);
  const magistrates = isMagistratesCourt(normalizeCourtName(caseInfo.courtName));
  return (
    <Grid container spacing={2.5}>
      <Grid size={12}>
        <TextField
          label="Document Title"
          required
          value={caseInfo.title}
          onChange={(e) => set('title', e.target.value)}
          error={Boolean(fieldError('title'))}
          helperText={fieldError('title')}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          label="Name of Attorney"
          required
          value={caseInfo.attorneyName}
          onChange={(e) => set('attorneyName', e.target.value)}
          error={Boolean(fieldError('attorneyName'))}
          helperText={fieldError('attorneyName')}
          disabled={busy}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          label="Attorney Email"
          type="email"
          required
          value={caseInfo.attorneyEmail}
          onChange={(e) => set('attorneyEmail', e.target.value)}
          error={Boolean(fieldError('attorneyEmail'))}
          helperText={fieldError('attorneyEmail')}
          disabled={busy}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          label="Case Number"
          required
          placeholder={`e.g. ${new Date().getFullYear()}-012345`}
          value={caseInfo.caseNumber}
          onChange={(e) => set('caseNumber', e.target.value)}
          error={Boolean(fieldError('caseNumber'))}
          helperText={fieldError('caseNumber')}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          label="Case Priority"
          required
          value={caseInfo.casePriority}
          onChange={(e) => set('casePriority', e.target.value as CasePriority)}
          error={Boolean(fieldError('casePriority'))}
          helperText={fieldError('casePriority')}
          disabled={busy}
        >
          {CASE_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {CASE_PRIORITY_LABELS[priority]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          label="Case Category"
          required
          value={caseInfo.caseCategory}
          onChange={(e) => {
            setCaseInfo(changeCategory(caseInfo, e.target.value as CaseCategory));
            clearErrorsOf('caseCategory');
          }}
          error={Boolean(fieldError('caseCategory'))}
          helperText={fieldError('caseCategory')}
          disabled={busy}
        >
          {CASE_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {category}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {caseInfo.caseCategory ? (
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            label="Document Type"
            required
            value={caseInfo.documentType}
            onChange={(e) => set('documentType', e.target.value)}
            error={Boolean(fieldError('documentType'))}
            helperText={fieldError('documentType')}
            disabled={busy}
          >
            {types.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      ) : null}
      {caseInfo.documentType ? (
        <Grid size={12}>
          <ServiceChannelNote documentType={caseInfo.documentType} onCourtOnline={caseInfo.onCourtOnline} />
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, md: 7 }}>
        <CourtPicker value={caseInfo.courtName} onChange={(value) => set('courtName', value)} error={fieldError('courtName')} disabled={busy} />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={caseInfo.onCourtOnline}
              onChange={(e) => {
                setCaseInfo({ ...caseInfo, onCourtOnline: e.target.checked });
                clearErrorsOf('onCourtOnline');
              }}
              disabled={busy || (caseInfo.onCourtOnline ? false : magistrates)}
            />
          }
          label="This matter runs on Court Online"
        />
        <FormHelperText error={Boolean(fieldError('onCourtOnline'))} sx={{ mt: -0.5 }}>
          {fieldError('onCourtOnline') ??
            (magistrates
              ? "Court Online serves the High Court only."
              : 'Later documents are then served through Court Online (Uniform Rules 1A and 1B), not by LexServe e-mail.')}
        </FormHelperText>
      </Grid>
    </Grid>
  );
}

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
  const totalSize = serverFiles.reduce((sum, f) => sum + f.size, 0) + pending.reduce((sum, s) => sum + s.file.size, 0);
  return (
    <Box>
      {resumed && serverFiles.length > 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This draft already has {serverFiles.length} uploaded file{serverFiles.length === 1 ? '' : 's'}. You can add more files or continue to the
          next step.
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
          <Button color="error" startIcon={<DeleteSweepOutlinedIcon />} onClick={() => setConfirmClear(true)} disabled={busy}>
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
export function ReviewStep({ wizard, fullName }: { wizard: MatterWizard; fullName: string | null | undefined }) {
  const { caseInfo, legalRep, partyData, serverFiles, staging, signature, busy, citation } = wizard;
  const pending = staging.staged.filter((s) => s.status !== 'uploaded');
  const rows = [
    ...serverFiles.map((f) => ({ key: `f${f.id}`, name: f.filename, size: f.size, note: '' })),
    ...pending.map((s) => ({ key: s.id, name: s.file.name, size: s.file.size, note: ' (will be uploaded on submit)' })),
  ];
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  const bySheriff = serviceMethodOf(caseInfo.documentType ? toDocumentTypeValue(caseInfo.documentType) : null, legalRep.serviceMethod || null) === 'sheriff';
  return (
    <Stack spacing={2.5}>
      <Section title="Case Information">
        <SummaryRow label="Document Title" value={caseInfo.title} />
        <SummaryRow label="Name of Attorney" value={caseInfo.attorneyName} />
        <SummaryRow label="Attorney Email" value={caseInfo.attorneyEmail} />
        <SummaryRow label="Case Number" value={caseInfo.caseNumber} />
        <SummaryRow label="Case Priority" value={caseInfo.casePriority ? CASE_PRIORITY_LABELS[caseInfo.casePriority] : ''} />
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
              <strong>Total:</strong> {rows.length} file{rows.length === 1 ? '' : 's'}, {formatFileSize(total)}
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
            A party entered in step 3 but not added to the citation is saved with the draft when its details are complete.
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
          <SummaryRow label="Address nominated in" value={addressSourceLabel(legalRep.addressSource || 'registered_on_lexserve')} />
        </Section>
      )}

      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
        {bySheriff ? (
          <Typography variant="body2">
            Signing finalises this document. It goes to <strong>{legalRep.sheriffName || 'the sheriff'}</strong> for service and its documents can no
            longer change. It is served when the sheriff issues the return of service, whose date becomes the service date; the return is its proof of
            service.
          </Typography>
        ) : (
          <Typography variant="body2">
            Signing finalises this document. Its status will be set to <strong>"Completed"</strong>, it will be served on the digital service address
            above (Uniform Rule 4A), and today, <strong>{formatLongDate(new Date())}</strong>, will be recorded as the service date. A proof of service
            (a Notice of Electronic Service) is generated automatically.
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
