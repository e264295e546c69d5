import type { ReactNode } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * Connects a react-hook-form field to an MUI TextField: the ref goes to the <input>, the error
 * message becomes the helper text (linked to the input by MUI through aria-describedby).
 */
export const fieldProps = <T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  options: { helperText?: ReactNode; rules?: RegisterOptions<T, Path<T>> } = {},
) => {
  const { ref, ...rest } = form.register(name, options.rules);
  const error = name
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), form.formState.errors) as
    | { message?: string }
    | undefined;
  return {
    ...rest,
    inputRef: ref,
    error: Boolean(error),
    helperText: error?.message ?? options.helperText,
  };
};
