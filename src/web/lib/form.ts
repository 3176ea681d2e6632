import { useState, type ChangeEvent } from 'react';

/** A form's field errors: at most one message per field, none when the field is fine. */
export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/** The fields of F that hold text (typed into inputs, textareas and selects). */
export type TextFieldOf<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

/** The errors with the one of `field` cleared; the same object when that field had none (so React skips a render). */
export function clearFieldError<F>(errors: FieldErrors<F>, field: keyof F): FieldErrors<F> {
  return errors[field] ? { ...errors, [field]: undefined } : errors;
}

/**
 * The state of a form as typed and its field errors. `set(field, value)` changes one field and clears
 * that field's error, so a message goes away as soon as the user edits what it is about. `text(field)`
 * gives a text field's props: id `${idPrefix}-${field}`, name, value, error and onChange.
 */
export function useFormState<F extends object>(initial: F | (() => F), idPrefix: string) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  function set<K extends keyof F>(field: K, value: F[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => clearFieldError(current, field));
  }

  function text<K extends TextFieldOf<F>>(field: K) {
    return {
      id: `${idPrefix}-${field}`,
      name: field,
      value: String(form[field]),
      error: errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(field, e.target.value as F[K]),
    };
  }

  return { form, setForm, errors, setErrors, set, text };
}
