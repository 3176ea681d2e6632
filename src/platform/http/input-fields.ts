import { z } from 'zod';
import { MAX_CENTS, parseMoney } from '../money.js';

/** Blank strings and null read as "not given". */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An amount in integer cents from a number or decimal string: > 0 (or >= 0 with `allowZero`), two decimals at most. */
export const moneyCents = (required: string, allowZero = false) =>
  z.unknown().transform((value, ctx): number => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (typeof value !== 'number' && typeof value !== 'string') {
      ctx.addIssue({ code: 'custom', message: 'Must be an amount' });
      return z.NEVER;
    }
    const parsed = parseMoney(value);
    if (!parsed.ok) {
      const message =
        parsed.reason === 'decimals' ? 'Use at most two decimals' : parsed.reason === 'range' ? 'Amount is too large' : 'Must be an amount';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parsed.cents < 0 || (!allowZero && parsed.cents === 0) || parsed.cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: allowZero ? 'Must be 0 or more' : 'Must be more than 0' });
      return z.NEVER;
    }
    return parsed.cents;
  });

/** A date and time from an ISO string or a Date; `required` is the message when it is missing. */
export const dateTime = (required: string) =>
  z.preprocess(
    blankToUndefined,
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
