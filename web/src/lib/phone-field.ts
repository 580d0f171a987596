// The phone rule (shared/phone.ts) in the feature forms: their zod schema checks how a number is
// written, this wrapper adds the check against the business's country, so the form shows the same
// French message the server would answer. While the country is unknown (still loading, or offline
// without a copy) the number is left to the server.
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, Resolver, ResolverResult, UseFormGetFieldState, UseFormSetValue } from 'react-hook-form';
import { PHONE_COUNTRIES, phoneError, phoneForInput, type PhoneCountry } from '@shared/phone';

export function withPhoneRule<T extends FieldValues>(
  resolver: Resolver<T>,
  field: keyof T & string,
  country: PhoneCountry | null | undefined,
  opts: { required?: boolean } = {},
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (country === undefined || (result.errors as Record<string, unknown>)[field]) return result;
    const raw = String(values[field] ?? '');
    if (!opts.required && !raw.trim()) return result;
    const message = phoneError(raw, country);
    if (!message) return result;
    return { values: {}, errors: { ...result.errors, [field]: { type: 'phone', message } } } as ResolverResult<T>;
  };
}

/** The field's example, in the business's country's writing (`ex. 07 07 07 07 07`). */
export function phonePlaceholder(country: PhoneCountry | null | undefined): string {
  return country ? `ex. ${PHONE_COUNTRIES[country].exemple}` : 'ex. +221 77 123 45 67';
}

/**
 * An edit form opened before the business's country was known shows a stored number with its code;
 * once known, a number of that country is put in its national writing (`07 07 07 07 07`), unless
 * the user has already typed in the field.
 */
export function useNationalPhone<T extends FieldValues>(
  getFieldState: UseFormGetFieldState<T>,
  setValue: UseFormSetValue<T>,
  field: Path<T>,
  stored: string | null | undefined,
  country: PhoneCountry | null | undefined,
): void {
  useEffect(() => {
    if (country === undefined || !stored || getFieldState(field).isDirty) return;
    setValue(field, phoneForInput(stored, country) as PathValue<T, Path<T>>);
  }, [getFieldState, setValue, field, stored, country]);
}
