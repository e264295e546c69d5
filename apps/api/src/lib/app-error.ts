import type { ErrorDef } from '@lexserve/contracts/errors';

/**
 * The one error type services throw. It carries a catalogue entry (code, HTTP status, the user's words);
 * `plugins/errors.ts` turns it into `{detail, code, request_id}`.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly detail: string;

  constructor(def: ErrorDef, opts: { message?: string; cause?: unknown } = {}) {
    super(opts.message ?? def.message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = def.code;
    this.status = def.status;
    this.detail = opts.message ?? def.message;
  }
}

/** An AppError whose catalogue message has its `{name}` slots filled from `values` (each value taken literally). */
export const appError = (def: ErrorDef, values: Record<string, string | number>, cause?: unknown): AppError =>
  new AppError(def, {
    message: def.message.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m)),
    cause,
  });

/** A 422 for one field, in the same list shape as schema validation failures. */
export class FieldError extends Error {
  constructor(
    readonly loc: (string | number)[],
    readonly msg: string,
    readonly type = 'value_error',
  ) {
    super(msg);
    this.name = 'FieldError';
  }
}

/** Postgres unique violation (23505) on the given constraint or index, if named. */
export const isUniqueViolation = (err: unknown, constraint?: string): boolean => {
  const e = findPgError(err);
  return (
    e?.code === '23505' && (!constraint || e.constraint === constraint || !!e.message?.includes(constraint))
  );
};
/** 23503 foreign_key_violation, or 23001 restrict_violation for ON DELETE RESTRICT. */
export const isForeignKeyViolation = (err: unknown): boolean =>
  ['23503', '23001'].includes(findPgError(err)?.code ?? '');

/**
 * Input the database cannot hold: a number out of its column's range (22003), text it cannot represent (22021,
 * 22P05), a malformed literal (22P02), a value too long (22001). A 422, never a 500.
 */
export const isUnstorableValue = (err: unknown): boolean =>
  ['22003', '22021', '22P05', '22P02', '22001'].includes(findPgError(err)?.code ?? '');

type PgError = { code?: string; constraint?: string; message?: string };
function findPgError(err: unknown): PgError | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur; i++) {
    const c = cur as PgError & { cause?: unknown };
    if (typeof c.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}

/**
 * Runs a read whose "there is none" is the catalogue error `none` (a 404); when the caller asked for it
 * (`?if_none=empty`), that case answers `undefined` (the route then sends 204 No Content) instead of the error.
 */
export async function orNone<T>(
  read: () => Promise<T>,
  none: ErrorDef,
  wanted: boolean,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (wanted && error instanceof AppError && error.code === none.code) return undefined;
    throw error;
  }
}
