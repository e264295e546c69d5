import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  COURT_NAME_INVALID,
  COURT_ONLINE_HIGH_COURT_ONLY,
  isMagistratesCourt,
  normalizeCourtName,
} from '@lexserve/contracts/court-names';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  type CaseCategory,
  type CasePriority,
} from '@lexserve/contracts/document-constants';
import { useId } from 'react';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import type { WizardField } from '../utils/submit-issues';
import { COURT_REQUIRED, changeCategory, documentTypesFor, type CaseInfo } from '../utils/wizard-rules';
import { CourtPicker } from './court-picker';
import { ServiceChannelNote } from './service-channel-note';

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

/** Step 1, "Case Information". */
export function CaseInfoStep({ wizard }: { wizard: MatterWizard }) {
  const { caseInfo, setCaseInfo, errors, busy } = wizard;
  const courtOnlineHelpId = useId();
  // A field's message: from this step's own check, or what the server said of it when it refused the submit.
  const fieldError = (field: keyof CaseInfo) =>
    errors.find((message) => FIELD_ERRORS[message] === field) ?? wizard.fieldError(field as WizardField);
  /** A change clears that field's messages; the others stay until the next check. */
  const clearErrorsOf = (...fields: (keyof CaseInfo)[]) => {
    const named = fields.map((field) => wizard.fieldError(field as WizardField));
    const stale = (message: string) =>
      fields.includes(FIELD_ERRORS[message] as keyof CaseInfo) || named.includes(message);
    if (errors.some(stale)) wizard.setErrors(errors.filter((message) => !stale(message)));
  };
  const set = <K extends keyof CaseInfo>(field: K, value: CaseInfo[K]) => {
    setCaseInfo({ ...caseInfo, [field]: value });
    clearErrorsOf(field);
  };
  const types = documentTypesFor(caseInfo.caseCategory);
  const magistrates = isMagistratesCourt(normalizeCourtName(caseInfo.courtName));
  const courtOnlineError = fieldError('onCourtOnline');
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
        <CourtPicker
          value={caseInfo.courtName}
          onChange={(value) => set('courtName', value)}
          error={fieldError('courtName')}
          disabled={busy}
        />
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
              slotProps={{
                input: {
                  'aria-describedby': courtOnlineHelpId,
                  'aria-invalid': Boolean(courtOnlineError) || undefined,
                },
              }}
            />
          }
          label="This matter runs on Court Online"
        />
        <FormHelperText id={courtOnlineHelpId} error={Boolean(courtOnlineError)} sx={{ mt: -0.5 }}>
          {courtOnlineError ??
            (magistrates
              ? 'Court Online serves the High Court only.'
              : 'Later documents are then served through Court Online (Uniform Rules 1A and 1B), not by LexServe e-mail.')}
        </FormHelperText>
      </Grid>
    </Grid>
  );
}
