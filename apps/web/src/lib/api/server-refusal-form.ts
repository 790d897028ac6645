import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { serverRefusal } from './server-refusal';

/** Every leaf path of a form's values ('name', 'address.city', 'phones.0.number'). */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof File)
    return prefix ? [prefix] : [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    leafPaths(inner, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * serverRefusal for a react-hook-form form: each server field message is set on the field it names
 * (the first one focused), and what belongs to no field is returned for the form's failure modal
 * or banner (null when every message found its field).
 */
export function setServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fallback?: string,
): string | null {
  const refusal = serverRefusal(error, leafPaths(form.getValues()), fallback);
  Object.entries(refusal.fields).forEach(([field, message], i) => {
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: i === 0 });
  });
  return refusal.reason;
}
