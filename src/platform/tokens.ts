/** Container tokens for platform services that are not classes. */
export const TOKENS = {
  Config: Symbol.for('pitlane.Config'),
  Logger: Symbol.for('pitlane.Logger'),
  Orm: Symbol.for('pitlane.Orm'),
  PgPool: Symbol.for('pitlane.PgPool'),
  /** A few connections kept apart for transactions that hold a hot row lock (bid batches). */
  PgLockPool: Symbol.for('pitlane.PgLockPool'),
  /** A small pool for the public read path (catalog search and part pages), sized to the machine. */
  PgReadPool: Symbol.for('pitlane.PgReadPool'),
  Subscriptions: Symbol.for('pitlane.Subscriptions'),
} as const;
