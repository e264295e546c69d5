import type { z } from 'zod';

const ZOD_VALIDATION_MARK = Symbol.for('ZodFastifySchemaValidationError');

export type Issue = { loc: (string | number)[]; msg: string; type?: string };

/**
 * A 422 with the field list, for rules checked in services (submit completeness, multipart fields). It has the
 * shape of a schema-validation failure, so `plugins/errors.ts` renders it like any other:
 * `{"detail":[{"loc":["body","title"],"msg":"…","type":"…"}]}`.
 */
export function validationError(issues: Issue[], context: 'body' | 'querystring' | 'params' = 'body') {
  const err = new Error(issues.map((i) => i.msg).join('; ')) as Error & {
    validation: unknown[];
    validationContext: string;
    statusCode: number;
  };
  err.validation = issues.map((i) => ({
    [ZOD_VALIDATION_MARK]: true,
    keyword: i.type ?? 'value_error',
    instancePath: `/${i.loc.join('/')}`,
    schemaPath: `#/${i.loc.join('/')}`,
    message: i.msg,
    params: {},
  }));
  err.validationContext = context;
  err.statusCode = 422;
  return err;
}

/** Parses with a contract schema, or throws the 422 field list. */
export function parseOrThrow<S extends z.ZodTypeAny>(
  schema: S,
  value: unknown,
  context: 'body' | 'querystring' = 'body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((i) => ({
      loc: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      msg: i.message,
      type: i.code,
    })),
    context,
  );
}
