import { ReturnInputSchema, type ReturnInput, type ServiceManner } from '@lexserve/contracts/returns';
import { randToCents, type FeeRow } from './fees';
import { fromDateTimeLocal } from './service-time';

/** The return form as typed (text fields are strings; the fees are kept apart as rows). */
export type ReturnValues = {
  outcome: '' | 'served' | 'not_served';
  manner: '' | ServiceManner;
  /** `<input type="datetime-local">`, on the phone's clock. */
  served_at: string;
  address: string;
  person_served_name: string;
  person_served_capacity: string;
  nature_explained: boolean;
  non_service_reason: string;
  diligent_search: string;
  vat_registered: boolean;
};

/** The fields of the form an issue can be shown on (fees rows are "fees.{i}.description" / "fees.{i}.amount_cents"). */
export const RETURN_FIELDS = [
  'outcome',
  'manner',
  'served_at',
  'address',
  'person_served_name',
  'person_served_capacity',
  'nature_explained',
  'non_service_reason',
  'diligent_search',
  'fees',
] as const;

/** The sheriff's confirmation on a served return (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9(3)). */
export const NATURE_EXPLAINED_LABEL =
  'I explained the nature and exigency of the process to the person served';

const AMOUNT_MESSAGE = 'Enter the amount in rand, e.g. 350.00';
const orNull = (value: string) => value.trim() || null;

/** The request body for the values: only the facts of the chosen outcome, fees in cents (unreadable amounts as -1). */
const buildReturnInput = (values: ReturnValues, fees: readonly FeeRow[]) => {
  const common = {
    outcome: values.outcome,
    vat_registered: values.vat_registered,
    fees: fees.map((row) => ({
      description: row.description.trim(),
      amount_cents: randToCents(row.amount) ?? -1,
    })),
  };
  if (values.outcome === 'served') {
    return {
      ...common,
      manner: values.manner || null,
      served_at: values.served_at ? fromDateTimeLocal(values.served_at) : null,
      address: orNull(values.address),
      person_served_name: orNull(values.person_served_name),
      person_served_capacity: orNull(values.person_served_capacity),
      nature_explained: values.nature_explained,
    };
  }
  return {
    ...common,
    non_service_reason: orNull(values.non_service_reason),
    diligent_search: orNull(values.diligent_search),
  };
};

type CheckedReturn = { input: ReturnInput | null; fieldErrors: Record<string, string>; general: string[] };

/**
 * The form checked with the contract's own schema (the server checks the same), so the sheriff sees each missing fact
 * on its field before sending; an amount that is not rand is named on its row.
 */
export const checkReturn = (values: ReturnValues, fees: readonly FeeRow[]): CheckedReturn => {
  const body = buildReturnInput(values, fees);
  const fieldErrors: Record<string, string> = {};
  const general: string[] = [];
  fees.forEach((row, i) => {
    if (row.amount.trim() === '') fieldErrors[`fees.${i}.amount_cents`] = 'Each fee needs an amount';
    else if (randToCents(row.amount) === null) fieldErrors[`fees.${i}.amount_cents`] = AMOUNT_MESSAGE;
  });
  const parsed = ReturnInputSchema.safeParse(body);
  if (parsed.success && Object.keys(fieldErrors).length === 0)
    return { input: parsed.data, fieldErrors, general };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!path) general.push(issue.message);
      else fieldErrors[path] ??= issue.message;
    }
  }
  return { input: null, fieldErrors, general };
};
