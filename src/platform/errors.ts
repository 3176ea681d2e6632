export type AppErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'not_allowed'
  | 'rate_limited'
  | 'unavailable';

export const statusOfKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  not_allowed: 405,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error type of business code; the HTTP layer maps it to a status and JSON body. */
export class AppError extends Error {
  constructor(
    public readonly kind: AppErrorKind,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusOfKind[this.kind];
  }
}

export const FORBIDDEN_MESSAGE = "You don't have permission to perform this action.";
export const UNAUTHORIZED_MESSAGE = 'Please sign in to access this feature.';

export const Errors = {
  invalid: (code: string, message: string, details?: Record<string, string>) =>
    new AppError('invalid', code, message, details),
  unauthorized: (message = UNAUTHORIZED_MESSAGE) => new AppError('unauthorized', 'unauthorized', message),
  forbidden: (message = FORBIDDEN_MESSAGE) => new AppError('forbidden', 'forbidden', message),
  notFound: (what: string) => new AppError('not_found', 'not_found', `${what} not found`),
  conflict: (code: string, message: string, details?: Record<string, string>) =>
    new AppError('conflict', code, message, details),
};
