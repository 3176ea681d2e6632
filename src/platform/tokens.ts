/** Container tokens for platform services that are not classes. */
export const TOKENS = {
  Config: Symbol.for('pitlane.Config'),
  Logger: Symbol.for('pitlane.Logger'),
  Subscriptions: Symbol.for('pitlane.Subscriptions'),
  /** The process's PitlaneModule list (for the hooks the platform runs over every module, e.g. demo data). */
  Modules: Symbol.for('pitlane.Modules'),
} as const;
