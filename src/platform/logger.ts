import { pino, type Logger } from 'pino';

export type { Logger };

/** The structured logger; secrets are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'sessionId',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
