import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/** Base path of the console's REST resources (ra-data-simple-rest dialect). */
export const ADMIN_API = '/api/admin';

/**
 * The error react-admin should see for a failed call. The server adds field `errors` to some refusals
 * that are not input mistakes (409 "You cannot change your own role"); react-admin would turn those
 * into a generic "The form is not valid" notification, so only a 400 keeps them as field errors and
 * everything else shows the server's `message`.
 */
export function toConsoleError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status === 400) return error;
  const body: unknown = error.body;
  if (!body || typeof body !== 'object' || !('errors' in body)) return error;
  const { errors: _fieldErrors, ...rest } = body as Record<string, unknown>;
  return new HttpError(error.message, error.status, rest);
}

/**
 * fetchJson on the session cookie. fetchJson rejects with an HttpError whose message is the JSON
 * body's `message`, so the server's texts reach react-admin's notifications.
 */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    throw toConsoleError(error);
  }
};

export const dataProvider: DataProvider = simpleRestProvider(ADMIN_API, httpClient);
