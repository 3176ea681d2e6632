/** Container tokens for platform services that are not classes. */
export const TOKENS = {
  Config: Symbol.for('pitlane.Config'),
  Logger: Symbol.for('pitlane.Logger'),
  Orm: Symbol.for('pitlane.Orm'),
  PgPool: Symbol.for('pitlane.PgPool'),
  /** A few connections kept apart for transactions that hold a hot row lock (bid batches). */
  PgLockPool: Symbol.for('pitlane.PgLockPool'),
  Subscriptions: Symbol.for('pitlane.Subscriptions'),
  /** The process's PitlaneModule list (for the hooks the platform runs over every module, e.g. demo data). */
  Modules: Symbol.for('pitlane.Modules'),
} as const;
