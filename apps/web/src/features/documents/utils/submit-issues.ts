import type { Step } from './wizard-rules';
import { fieldIssuesOf } from '../../../lib/validation-issues';

/** The wizard's fields a server refusal can name (step 1's are the case-information fields by their form names). */
export type WizardField =
  | 'title'
  | 'attorneyName'
  | 'caseNumber'
  | 'casePriority'
  | 'caseCategory'
  | 'documentType'
  | 'courtName'
  | 'onCourtOnline'
  | 'files'
  | 'parties'
  | 'serviceMethod'
  | 'sheriff'
  | 'firm'
  | 'branch'
  | 'addressSource'
  | 'signature';

/** Where each field of PUT /documents/{id} sits in the wizard: its step and its field there. */
const SERVER_FIELDS: Record<string, { step: Step; field: WizardField }> = {
  title: { step: 1, field: 'title' },
  client_name: { step: 1, field: 'attorneyName' },
  case_number: { step: 1, field: 'caseNumber' },
  case_priority: { step: 1, field: 'casePriority' },
  case_category: { step: 1, field: 'caseCategory' },
  document_type: { step: 1, field: 'documentType' },
  court_name: { step: 1, field: 'courtName' },
  on_court_online: { step: 1, field: 'onCourtOnline' },
  files: { step: 2, field: 'files' },
  parties: { step: 3, field: 'parties' },
  service_method: { step: 4, field: 'serviceMethod' },
  assigned_sheriff_id: { step: 4, field: 'sheriff' },
  firm_id: { step: 4, field: 'firm' },
  branch_id: { step: 4, field: 'branch' },
  digital_service_address: { step: 4, field: 'branch' },
  service_address_source: { step: 4, field: 'addressSource' },
  signature_name: { step: 5, field: 'signature' },
};

/** A submit the server refused field by field: the step to show (the first with a problem), its fields' messages, and every message. */
export type SubmitIssues = { step: Step; fields: Partial<Record<WizardField, string>>; messages: string[] };

/**
 * The server's 422 on a submit, placed in the wizard: the earliest step it names is the one to go back to, and each
 * field it names gets its own message there. Null when the error is not a 422 field list.
 */
export const submitIssuesOf = (error: unknown): SubmitIssues | null => {
  const issues = fieldIssuesOf(error, (path) => path in SERVER_FIELDS);
  if (!issues) return null;
  const named = Object.entries(issues.fields).map(([path, message]) => ({
    ...SERVER_FIELDS[path]!,
    message,
  }));
  if (!named.length) return { step: 5, fields: {}, messages: issues.all };
  const step = Math.min(...named.map((n) => n.step)) as Step;
  const fields: Partial<Record<WizardField, string>> = {};
  for (const n of named) fields[n.field] ??= n.message;
  // The step shown lists its own problems first; the others follow, so nothing the server said is lost.
  const first = named.filter((n) => n.step === step).map((n) => n.message);
  return { step, fields, messages: [...new Set([...first, ...issues.all])] };
};
