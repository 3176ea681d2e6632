import type { InterchangeGroupBodyInput } from '../../modules/catalog/catalog.inputs';

/** The form's values: the numbers are edited one a line. */
export interface InterchangeFormValues {
  name?: string;
  numbers?: string[] | string;
}

/** One number a line, as the form's text shows them. */
export const numbersText = (value: unknown): string => (Array.isArray(value) ? value.join('\n') : typeof value === 'string' ? value : '');

/** The typed lines, trimmed, without blank ones. */
export const numbersOf = (value: unknown): string[] =>
  numbersText(value)
    .split('\n')
    .map((n) => n.trim())
    .filter((n) => n.length > 0);

/** The body the API takes. */
export const toInterchangePayload = (values: InterchangeFormValues): InterchangeGroupBodyInput => ({
  name: (values.name ?? '').trim(),
  numbers: numbersOf(values.numbers),
});

const norm = (n: string) => n.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The checks the server makes, said before sending. */
export function validateInterchange(values: InterchangeFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const { name, numbers } = toInterchangePayload(values);
  if (!name) errors.name = 'A name is required';
  if (numbers.length < 2) errors.numbers = 'A group needs at least two part numbers';
  else if (numbers.some((n) => !norm(n))) errors.numbers = 'A part number needs at least one letter or digit';
  else if (new Set(numbers.map(norm)).size !== numbers.length) errors.numbers = 'Each part number only once (dashes, spaces and case do not count)';
  return errors;
}
