import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/**
 * Values remembered for the length of one API request. A request that needs the same read twice through
 * different services (the signed-in user: once for the actor's role in the route guard, once for the bidding
 * rules) makes one query. Outside a request (jobs, CLI) nothing is remembered.
 */
const storage = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Express middleware: everything after it runs in a fresh request scope. */
export const requestScope: RequestHandler = (_req, _res, next) => storage.run(new Map(), next);

/** The value of `key` loaded once per request (a failed load is not remembered). */
export function rememberInRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return load();
  let value = scope.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    scope.set(key, value);
    value.catch(() => scope.delete(key));
  }
  return value;
}

/** Forgets `key` in this request (after the request itself changed what it names). */
export function forgetInRequest(key: string): void {
  storage.getStore()?.delete(key);
}
