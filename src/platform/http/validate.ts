import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z, type ZodType } from 'zod';
import { AppError } from '../errors.js';

/** Turns zod issues into `{field: message}`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The message of a field whose text holds a NUL character. */
export const NUL_MESSAGE = 'Must not contain a NUL character (\\u0000)';
/** The message of a field whose text is not well-formed Unicode (a lone UTF-16 surrogate, from a `\ud800` escape). */
export const MALFORMED_TEXT_MESSAGE = 'Must be well-formed Unicode text (no lone surrogate such as \\ud800)';

/** What is wrong with one piece of text as the API takes it, or undefined: PostgreSQL stores neither a NUL nor a lone surrogate. */
export function badTextReason(text: string): string | undefined {
  if (text.includes('\0')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return MALFORMED_TEXT_MESSAGE;
  return undefined;
}

/** A key as it can be named in an answer: NUL and lone surrogates written as escapes. */
const printableKey = (key: string) =>
  key.replace(/[\0\ud800-\udfff]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * `{field: message}` for each string (or object key) in `value` that holds a NUL character or is not
 * well-formed Unicode (badTextReason), which no PostgreSQL text or jsonb can store: plain objects and arrays
 * are walked without recursion (a deeply nested JSON body cannot overflow the stack); Buffers, dates and other
 * objects are left alone. Empty when there is none. The one text rule of every input the API parses.
 */
export function badTextFieldErrors(value: unknown, limit = 20): Record<string, string> {
  const errors: Record<string, string> = {};
  let found = 0;
  const stack: [unknown, string][] = [[value, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length && found < limit) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const reason = badTextReason(current);
      if (reason) {
        errors[path || '_'] = reason;
        found++;
      }
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object') {
      const proto = Object.getPrototypeOf(current) as unknown;
      if (proto !== Object.prototype && proto !== null) continue;
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const reason = badTextReason(key);
        if (reason) {
          errors[join(path, printableKey(key))] = reason;
          found++;
          continue;
        }
        stack.push([(current as Record<string, unknown>)[key], join(path, key)]);
      }
    }
  }
  return errors;
}

/** Throws the API's 400 when `value` holds text PostgreSQL cannot store anywhere (see badTextFieldErrors). */
export function refuseBadText(...values: unknown[]): void {
  const errors: Record<string, string> = {};
  for (const value of values) Object.assign(errors, badTextFieldErrors(value));
  const fields = Object.keys(errors);
  if (fields.length) throw new AppError('invalid', 'validation_failed', `${fields[0]}: ${errors[fields[0]!]}`, errors);
}

/**
 * express.json's `verify`: a UTF-8 body that is not valid UTF-8 (an overlong encoding such as C0 AF, a stray
 * continuation byte, an encoded surrogate) is refused as a whole (errors.ts answers 400 `malformed_body`), where
 * the decoder would quietly turn each bad sequence into U+FFFD.
 */
export function refuseInvalidUtf8(_req: IncomingMessage, _res: ServerResponse, body: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) throw Object.assign(new Error('The request body is not valid UTF-8'), { type: 'entity.not.utf8' });
}

/** Parses a value or throws the API's 400 with the field messages; text with a NUL or a lone surrogate is refused first. */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown): T {
  refuseBadText(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw new AppError('invalid', 'validation_failed', Object.values(errors)[0] ?? 'Invalid request', errors);
}

/**
 * Sends `value` as the JSON answer. What res.json does for the API's answers at a fraction of the CPU (about
 * a tenth of the part page's, measured with load-tests/catalog): the API sets no ETag or Last-Modified, so
 * res.send's freshness check never applies, and no JSON setting (spaces, replacer, escape) is used.
 */
export function sendJson(req: Request, res: Response, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

interface Schemas<P, B, Q> {
  params?: ZodType<P>;
  body?: ZodType<B>;
  query?: ZodType<Q>;
}

export interface Input<P, B, Q> {
  params: P;
  body: B;
  query: Q;
}

/**
 * A route handler whose params, body and query are parsed with zod first (a failure is a 400 naming
 * each bad field; a NUL character or a lone surrogate anywhere in them is one too, schema or not). The handler returns the DTO to send as JSON, or undefined when it answered itself.
 */
export function handle<P = unknown, B = unknown, Q = unknown>(
  schemas: Schemas<P, B, Q>,
  handler: (input: Input<P, B, Q>, req: Request, res: Response) => Promise<unknown> | unknown,
  status = 200,
): RequestHandler {
  return async (req: Request, res: Response, _next: NextFunction) => {
    // Every input, parsed by a schema or read raw by the handler, whatever keys it has.
    refuseBadText(req.params, req.query, req.body);
    const errors: Record<string, string> = {};
    const parse = <T>(schema: ZodType<T> | undefined, value: unknown): T => {
      if (!schema) return value as T;
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      Object.assign(errors, { ...fieldErrors(result.error), ...errors });
      return undefined as T;
    };
    const input = {
      params: parse(schemas.params, req.params),
      query: parse(schemas.query, req.query),
      body: parse(schemas.body, req.body ?? {}),
    };
    if (Object.keys(errors).length) {
      throw new AppError('invalid', 'validation_failed', Object.values(errors)[0] ?? 'Invalid request', errors);
    }
    const result = await handler(input, req, res);
    if (result !== undefined && !res.headersSent) sendJson(req, res, status, result);
  };
}

/** Common param schemas. */
export const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/** A page of a list: its rows and the full count of matches. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * Answers a list as the spec's clients read it: the rows as a JSON array, the full count in `X-Total-Count`,
 * and any other fact of the list in a header of its own (`X-Corrected-Query`, say), all exposed to browsers.
 * Use it as a handler's return value: `return sendList(res, page)`.
 */
export function sendList<T>(res: Response, page: ListPage<T>, headers: Record<string, string | undefined> = {}): T[] {
  res.setHeader('X-Total-Count', String(page.total));
  const exposed = ['X-Total-Count'];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    res.setHeader(name, value);
    exposed.push(name);
  }
  res.setHeader('Access-Control-Expose-Headers', exposed.join(', '));
  return page.rows;
}

/** A decimal number as text, as a query parameter or a form field carries one ("12", "-0.5", "1e3"). */
const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * What `z.coerce.number()` was meant to be for API input: a JSON number, or a string that spells a decimal
 * number, checked by `schema` (`numeric(z.number().int().min(0))`). Anything else reaches the schema as it
 * is and fails there: `true` is not 1, `[5]` is not 5, `''`, `null` and `{}` are not 0.
 */
export function numeric<T extends ZodType>(schema: T) {
  return z.preprocess((value: z.input<T> | string) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value), schema);
}
