import { isApiRequestError } from './api-client';

/** A 422's field list by field path ("person_served_name", "fees.0.amount_cents"); issues of no known field apart. */
export type FieldIssues = { fields: Record<string, string>; others: string[]; all: string[] };

/**
 * The server's 422 (`detail: [{ loc: ['body', 'fees', 0, 'amount_cents'], msg }]`) as messages per field path, so that
 * each field shows its own; `known` decides which paths have a field on the form (the rest are listed above it).
 * Null when the error is not a 422 field list.
 */
export const fieldIssuesOf = (error: unknown, known: (path: string) => boolean): FieldIssues | null => {
  if (!isApiRequestError(error) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const fields: Record<string, string> = {};
  const others: string[] = [];
  const all: string[] = [];
  for (const issue of error.detail) {
    const path = issue.loc.filter((part, index) => !(index === 0 && part === 'body')).join('.');
    all.push(issue.msg);
    if (path && known(path)) fields[path] ??= issue.msg;
    else others.push(issue.msg);
  }
  return { fields, others, all };
};
