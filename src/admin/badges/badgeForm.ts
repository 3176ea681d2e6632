/** Pure rules of the console's badge form (spec 001 §3 "Badge", §5 "Badge form", §8 "Badges"). */
import { BADGE_FORM_MESSAGES } from '../../modules/sellers/reputation.messages';
import { BADGE_CATEGORIES, BADGE_RARITIES, BADGE_TYPES, REQUIREMENT_KEYS } from '../../modules/sellers/reputation.rules';

/** Keys a requirement may hold (spec 001 §3): the server's list, shown as a hint. */
export { REQUIREMENT_KEYS };

const choices = (values: readonly string[]) => values.map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));
export const categoryChoices = choices(BADGE_CATEGORIES);
export const typeChoices = choices(BADGE_TYPES);
export const rarityChoices = choices(BADGE_RARITIES);

export const BADGE_MESSAGES = {
  ...BADGE_FORM_MESSAGES,
  requirementJson: 'Requirements must be valid JSON',
  requirementObject: 'Requirements must be a JSON object, e.g. {"minSales": 10}',
  requirementKeys: `Requirement keys are ${REQUIREMENT_KEYS.join(', ')}`,
  created: 'Badge Created',
  updated: 'Badge Updated',
  deleted: 'Badge Deleted',
  createFailed: 'Failed to create badge. Please try again.',
  updateFailed: 'Failed to update badge. Please try again.',
  deleteFailed: 'Failed to delete badge. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this badge? This action cannot be undone.',
} as const;

export interface BadgeFormValues {
  name?: string | null;
  description?: string | null;
  icon?: string | null;
  category?: string | null;
  type?: string | null;
  rarity?: string | null;
  pointsAwarded?: number | string | null;
  sortOrder?: number | string | null;
  isActive?: boolean | null;
  /** Text while editing; the stored record holds an object. */
  requirement?: unknown;
}

export type BadgeFormErrors = Partial<Record<keyof BadgeFormValues, string>>;

export type RequirementParse = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** The requirement typed as JSON text: empty, not JSON, or not an object is refused with the form's message. */
export function parseRequirement(value: unknown): RequirementParse {
  if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return { ok: false, message: BADGE_MESSAGES.requirement };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: BADGE_MESSAGES.requirementJson };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, message: BADGE_MESSAGES.requirementObject };
  const keys = Object.keys(parsed);
  if (keys.length === 0) return { ok: false, message: BADGE_MESSAGES.requirement };
  if (keys.some((key) => !(REQUIREMENT_KEYS as readonly string[]).includes(key))) {
    return { ok: false, message: BADGE_MESSAGES.requirementKeys };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

/** The requirement as the text area shows it. */
export function requirementText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** null when the value is blank (the server's default, 0, applies) or not a number. */
function numberOf(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : Number.NaN;
}

function countProblem(v: unknown, negative: string, whole: string): string | undefined {
  const n = numberOf(v);
  if (n === null) return undefined;
  if (Number.isNaN(n) || n < 0) return negative;
  if (!Number.isInteger(n)) return whole;
  return undefined;
}

/** The spec's message for every invalid field; empty when the badge may be saved. */
export function validateBadge(values: BadgeFormValues): BadgeFormErrors {
  const errors: BadgeFormErrors = {};
  if (blank(values.name)) errors.name = BADGE_MESSAGES.name;
  if (blank(values.description)) errors.description = BADGE_MESSAGES.description;
  if (blank(values.icon)) errors.icon = BADGE_MESSAGES.icon;
  const requirement = parseRequirement(values.requirement);
  if (!requirement.ok) errors.requirement = requirement.message;
  const points = countProblem(values.pointsAwarded, BADGE_MESSAGES.pointsAwarded, BADGE_MESSAGES.pointsWhole);
  if (points) errors.pointsAwarded = points;
  const sortOrder = countProblem(values.sortOrder, BADGE_MESSAGES.sortOrder, BADGE_MESSAGES.sortOrderWhole);
  if (sortOrder) errors.sortOrder = sortOrder;
  return errors;
}

/** What the server receives: trimmed texts, numbers as numbers, the requirement as a parsed object. */
export function toBadgePayload(values: BadgeFormValues) {
  const requirement = parseRequirement(values.requirement);
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
  return {
    name: (values.name ?? '').trim(),
    description: (values.description ?? '').trim(),
    icon: (values.icon ?? '').trim(),
    category: values.category ?? 'special',
    type: values.type ?? 'seller',
    rarity: values.rarity ?? 'common',
    pointsAwarded: num(values.pointsAwarded),
    sortOrder: num(values.sortOrder),
    isActive: values.isActive ?? true,
    requirement: requirement.ok ? requirement.value : {},
  };
}
