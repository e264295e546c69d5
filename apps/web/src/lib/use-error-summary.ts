import { useEffect, useRef } from 'react';
import { isApiRequestError } from './api-client';

/**
 * An error summary that cannot be missed: whenever `trigger` changes to a truthy value (an error, a list of
 * messages joined into a key), the element behind the returned ref scrolls into view and takes focus, so a
 * message that lands above the fold is seen and read out. Give the element `tabIndex={-1}`.
 */
export const useErrorSummary = <T extends HTMLElement = HTMLDivElement>(trigger: unknown) => {
  const ref = useRef<T>(null);
  useEffect(() => {
    const node = ref.current;
    if (!trigger || !node) return;
    node.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    node.focus({ preventScroll: true });
  }, [trigger]);
  return ref;
};

/**
 * The fields a server's answer names, with its message for each: the issues of a 422 (by their `loc`), and an
 * error code the caller maps to a field (`{ EMAIL_TAKEN: 'email' }`).
 */
export const serverFieldErrors = (
  error: unknown,
  codeFields: Record<string, string> = {},
): Record<string, string> => {
  if (!isApiRequestError(error)) return {};
  const fields: Record<string, string> = {};
  if (Array.isArray(error.detail)) {
    for (const issue of error.detail) {
      const field = issue.loc.filter((part) => part !== 'body').join('.');
      if (field && !fields[field]) fields[field] = issue.msg;
    }
  }
  const byCode = error.code ? codeFields[error.code] : undefined;
  if (byCode) fields[byCode] = error.serverMessage ?? error.message;
  return fields;
};
