import type { ReactNode } from 'react';
import type { FieldValues, Path, RegisterOptions, Resolver, UseFormReturn } from 'react-hook-form';

/**
 * Connects a react-hook-form field to a text field, MUI's or the plain kit's (components/plain/text-field.tsx): the ref
 * goes to the <input>, the error message becomes the helper text (linked to the input through aria-describedby).
 */
export const fieldProps = <T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  options: { helperText?: ReactNode; rules?: RegisterOptions<T, Path<T>> } = {},
) => {
  const { ref, ...rest } = form.register(name, options.rules);
  const error = name
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      form.formState.errors,
    ) as { message?: string } | undefined;
  return {
    ...rest,
    inputRef: ref,
    error: Boolean(error),
    helperText: error?.message ?? options.helperText,
  };
};

/**
 * A resolver loaded at the form's first check (the user's first submit or blur), not with the page: the public pages'
 * forms (login, sign-up, forgot password) load their schemas and zod only when the user interacts
 * (docs/performance.md). `load` answers the resolver itself, e.g. `zodResolver(Schema)` from dynamic imports.
 */
export const lazyResolver = <Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> => {
  let resolver: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => (await (resolver ??= load()))(values, context, options);
};
