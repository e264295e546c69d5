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
import { Checkbox } from '../../../components/plain/checkbox';
import { Select } from '../../../components/plain/select';
import { TextField } from '../../../components/plain/text-field';
import type { MatterWizard } from '../hooks/use-matter-wizard';
import type { WizardField } from '../utils/submit-issues';
import { COURT_REQUIRED, changeCategory, documentTypesFor, type CaseInfo } from '../utils/wizard-rules';
import { CourtPicker } from './court-picker';
import { ServiceChannelNote } from './service-channel-note';
import './new-matters.css';

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

const PRIORITY_OPTIONS = CASE_PRIORITIES.map((priority) => ({
  value: priority,
  label: CASE_PRIORITY_LABELS[priority],
}));
const CATEGORY_OPTIONS = CASE_CATEGORIES.map((category) => ({ value: category, label: category }));

/** Step 1, "Case Information": drawn with the plain kit, the wizard's first view (docs/performance.md, section 5). */
export function CaseInfoStep({ wizard }: { wizard: MatterWizard }) {
  const { caseInfo, setCaseInfo, errors, busy } = wizard;
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
  const types = documentTypesFor(caseInfo.caseCategory).map((type) => ({ value: type, label: type }));
  const magistrates = isMagistratesCourt(normalizeCourtName(caseInfo.courtName));
  const courtOnlineError = fieldError('onCourtOnline');
  return (
    <div className="ls-wizard__grid">
      <div className="ls-wizard__cell">
        <TextField
          label="Document Title"
          required
          value={caseInfo.title}
          onChange={(e) => set('title', e.target.value)}
          error={Boolean(fieldError('title'))}
          helperText={fieldError('title')}
          disabled={busy}
          maxLength={500}
        />
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--half">
        <TextField
          label="Name of Attorney"
          required
          value={caseInfo.attorneyName}
          onChange={(e) => set('attorneyName', e.target.value)}
          error={Boolean(fieldError('attorneyName'))}
          helperText={fieldError('attorneyName')}
          disabled={busy}
        />
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--half">
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
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--half">
        <TextField
          label="Case Number"
          required
          placeholder={`e.g. ${new Date().getFullYear()}-012345`}
          value={caseInfo.caseNumber}
          onChange={(e) => set('caseNumber', e.target.value)}
          error={Boolean(fieldError('caseNumber'))}
          helperText={fieldError('caseNumber')}
          disabled={busy}
          maxLength={100}
        />
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--half">
        <Select
          label="Case Priority"
          required
          value={caseInfo.casePriority}
          options={PRIORITY_OPTIONS}
          onChange={(value) => set('casePriority', value as CasePriority)}
          error={Boolean(fieldError('casePriority'))}
          helperText={fieldError('casePriority')}
          disabled={busy}
        />
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--half">
        <Select
          label="Case Category"
          required
          value={caseInfo.caseCategory}
          options={CATEGORY_OPTIONS}
          onChange={(value) => {
            setCaseInfo(changeCategory(caseInfo, value as CaseCategory));
            clearErrorsOf('caseCategory');
          }}
          error={Boolean(fieldError('caseCategory'))}
          helperText={fieldError('caseCategory')}
          disabled={busy}
        />
      </div>
      {caseInfo.caseCategory ? (
        <div className="ls-wizard__cell ls-wizard__cell--half">
          <Select
            label="Document Type"
            required
            value={caseInfo.documentType}
            options={types}
            onChange={(value) => set('documentType', value)}
            error={Boolean(fieldError('documentType'))}
            helperText={fieldError('documentType')}
            disabled={busy}
          />
        </div>
      ) : null}
      {caseInfo.documentType ? (
        <div className="ls-wizard__cell">
          <ServiceChannelNote documentType={caseInfo.documentType} onCourtOnline={caseInfo.onCourtOnline} />
        </div>
      ) : null}
      <div className="ls-wizard__cell ls-wizard__cell--court">
        <CourtPicker
          value={caseInfo.courtName}
          onChange={(value) => set('courtName', value)}
          error={fieldError('courtName')}
          disabled={busy}
        />
      </div>
      <div className="ls-wizard__cell ls-wizard__cell--online">
        <Checkbox
          label="This matter runs on Court Online"
          checked={caseInfo.onCourtOnline}
          onChange={(e) => {
            setCaseInfo({ ...caseInfo, onCourtOnline: e.target.checked });
            clearErrorsOf('onCourtOnline');
          }}
          disabled={busy || (caseInfo.onCourtOnline ? false : magistrates)}
          error={Boolean(courtOnlineError)}
          helperText={
            courtOnlineError ??
            (magistrates
              ? 'Court Online serves the High Court only.'
              : 'Later documents are then served through Court Online (Uniform Rules 1A and 1B), not by LexServe e-mail.')
          }
        />
      </div>
    </div>
  );
}
