import { z } from 'zod';
import { AMOUNT_MESSAGES } from '../amount.messages.js';
import { MAX_CENTS, parseMoney } from '../money.js';

/** Blank strings and null read as "not given". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `schema` as a client's body may hold it: blank and null read as "not given" (blankToUndefined). Typed so that
 * `z.input` (the request types of `*.inputs.ts`) says what the field accepts, not `unknown` as a bare preprocess does.
 */
export const blankable = <T extends z.ZodType>(schema: T) => z.preprocess((v: z.input<T> | '' | null) => blankToUndefined(v), schema);

/**
 * `schema`, typed as taking `I` from a client (what `z.input` says); parsing is unchanged. For `z.unknown()`
 * fields that check the type themselves: `accepting<number | string>()(z.unknown().transform(...))`.
 */
export const accepting = <I>() => <T extends z.ZodType>(schema: T) => schema as unknown as z.ZodType<z.output<T>, I>;

/**
 * An amount in integer cents from a number or decimal string: > 0 (or >= 0 with `allowZero`), two decimals at
 * most; `belowMinimum` is the message for an amount under that (a field's own sentence), else a generic one.
 */
export const moneyCents = (required: string, allowZero = false, belowMinimum?: string) =>
  accepting<number | string>()(z.unknown().transform((value, ctx): number => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (typeof value !== 'number' && typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.notAmount });
      return z.NEVER;
    }
    const parsed = parseMoney(value);
    if (!parsed.ok) {
      const message =
        parsed.reason === 'decimals' ? AMOUNT_MESSAGES.decimals : parsed.reason === 'range' ? AMOUNT_MESSAGES.tooLarge : AMOUNT_MESSAGES.notAmount;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parsed.cents < 0 || (!allowZero && parsed.cents === 0) || parsed.cents > MAX_CENTS) {
      const message =
        parsed.cents > MAX_CENTS ? AMOUNT_MESSAGES.tooLarge : (belowMinimum ?? (allowZero ? AMOUNT_MESSAGES.zeroOrMore : AMOUNT_MESSAGES.aboveZero));
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed.cents;
  }));

/** A date and time from an ISO string or a Date; `required` is the message when it is missing. */
export const dateTime = (required: string) =>
  z.preprocess(
    (v: string | Date) => blankToUndefined(v),
    z
      .union([z.string(), z.date()], { error: (issue) => (issue.input === undefined ? required : 'Must be a date and time') })
      .transform((value, ctx) => {
        const date = value instanceof Date ? value : new Date(value);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: 'custom', message: 'Must be a date and time' });
          return z.NEVER;
        }
        return date;
      }),
  );

/** Bidirectional embedding, override and isolate controls: U+202A–U+202E and U+2066–U+2069. */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const DIRECTION_CONTROLS_MESSAGE = 'Must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)';

/**
 * A name or a title (`nameText(z.string().trim().max(200))`): refuses text-direction controls, which in a name
 * shown inline beside other text would reverse what follows it (docs/decisions/platform.md, "Text input").
 * Right-to-left letters need no controls and pass. A blank, null or absent value is left to `schema`.
 */
export const nameText = <T extends z.ZodType>(schema: T) =>
  schema.refine((value) => typeof value !== 'string' || !DIRECTION_CONTROLS.test(value), { message: DIRECTION_CONTROLS_MESSAGE });
