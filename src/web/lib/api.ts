import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/** Raised for every non-OK response; `message` is "{status}: {body text}" as the spec fixes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

type QueryParamValue = string | number | boolean | null | undefined;

/**
 * The URL a query key stands for: queryKey[0] is the path; queryKey[1], when an object,
 * becomes query-string parameters, leaving out null, undefined and empty-string values.
 */
export function buildQueryUrl(queryKey: QueryKey): string {
  const path = String(queryKey[0]);
  const params = queryKey[1];
  if (!params || typeof params !== 'object' || Array.isArray(params)) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, QueryParamValue>)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Throws an ApiError for a non-OK response (body text, or the status text when the body is empty). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text);
}

/** A JSON response is parsed; anything else is handed back as the raw Response. */
async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('+json') ? res.json() : res;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as a JSON body only when given. */
  data?: unknown;
  signal?: AbortSignal;
}

/** Calls the API with the session cookie; resolves with the parsed JSON (or the raw Response). */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', data, signal } = options;
  const hasBody = data !== undefined;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(data) : undefined,
    signal,
  });
  await throwIfResNotOk(res);
  return (await readBody(res)) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The query function: the key is the URL (see buildQueryUrl); a 401 throws, or yields null with `returnNull`. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(buildQueryUrl(queryKey), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) {
      // The body is read even so: Chromium keeps a response whose body nobody reads in flight, so a page that
      // asked as a visitor never went network-idle (the browser journeys waiting for it timed out).
      await res.text().catch(() => undefined);
      return null;
    }
    await throwIfResNotOk(res);
    return (await readBody(res)) as T;
  };
}

export interface ApiErrorDetails {
  status: number | null;
  message: string;
  code?: string;
  /** Field name → message, from a 400/409 body's `errors`. */
  fieldErrors: Record<string, string>;
}

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/**
 * What a failed call means for a person: the JSON body's `message` when there is one,
 * else a plain-text body, else `fallback`. Field errors come along for forms.
 */
export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): ApiErrorDetails {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = STATUS_PREFIX.exec(raw);
  if (!match) return { status: null, message: raw.trim() || fallback, fieldErrors: {} };
  const status = Number(match[1]);
  const body = match[2].trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as { message?: unknown; code?: unknown; errors?: unknown };
      const fieldErrors: Record<string, string> = {};
      if (record.errors && typeof record.errors === 'object') {
        for (const [field, value] of Object.entries(record.errors as Record<string, unknown>)) {
          const text = Array.isArray(value) ? value[0] : value;
          if (typeof text === 'string' && text) fieldErrors[field] = text;
        }
      }
      return {
        status,
        message: typeof record.message === 'string' && record.message ? record.message : fallback,
        code: typeof record.code === 'string' ? record.code : undefined,
        fieldErrors,
      };
    }
  } catch {
    // Not JSON: fall through to the plain text.
  }
  const looksLikeMarkup = body.startsWith('<');
  return { status, message: body && !looksLikeMarkup ? body : fallback, fieldErrors: {} };
}

/** The human message of a failed call, for toasts and form errors. */
export function errorMessage(error: unknown, fallback?: string): string {
  return describeError(error, fallback).message;
}

/** One page of a list endpoint: the rows of the JSON array body and the full count from `X-Total-Count`. */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The response headers, for a list's other facts (the search's `X-Corrected-Query`, say). */
  headers: Headers;
}

/**
 * Fetches a list endpoint (spec 000 §7: a JSON array, the full count in `X-Total-Count`).
 * `total` falls back to the rows received when the header is absent.
 */
export async function fetchListPage<T>(url: string, signal?: AbortSignal): Promise<ListPage<T>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  const body: unknown = await res.json();
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = res.headers.get('X-Total-Count');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : items.length;
  return { items, total, headers: res.headers };
}

/** A react-query function for list endpoints: the key is the URL (see buildQueryUrl), the data a ListPage. */
export function listQueryFn<T>(): QueryFunction<ListPage<T>> {
  return ({ queryKey, signal }) => fetchListPage<T>(buildQueryUrl(queryKey), signal);
}
