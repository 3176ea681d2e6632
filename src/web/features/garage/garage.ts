import { GARAGE_MESSAGES, MAX_YEAR, MIN_YEAR, THRESHOLD_MAX, THRESHOLD_MIN } from '../../../modules/garage/garage.messages';
import type { AlertCreateInput, VehicleCreateInput } from '../../../modules/garage/garage.inputs';
import { conditionLabel } from '../catalog/partFormat';
import type { SearchFilters } from '../catalog/searchFilters';
import type {
  AlertFrequency,
  GarageVehicleDto,
  MarketWatchItemDto,
  MismatchReason,
  PartAlertDto,
  FitCheckReason,
  PartFitmentDto,
  PriceDirection,
  ProjectType,
} from './garage.types';

/** Spec 001 §3: the project types, in the form's order. */
export const PROJECT_TYPES: ReadonlyArray<{ value: ProjectType; label: string }> = [
  { value: 'restoration', label: 'Restoration' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'modification', label: 'Modification' },
  { value: 'rebuild', label: 'Rebuild' },
];

/** Spec 001 §3: the alert categories. */
export const ALERT_CATEGORIES = ['Engine', 'Body', 'Interior', 'Suspension', 'Electrical', 'Wheels'] as const;

/** The conditions an alert may ask for: the catalog's own. */
export { CONDITION_OPTIONS as ALERT_CONDITIONS } from '../catalog/partFormat';

export const FREQUENCIES: ReadonlyArray<{ value: AlertFrequency; label: string; hint: string }> = [
  { value: 'instant', label: 'Instant', hint: 'An email within a minute of a match' },
  { value: 'daily', label: 'Daily digest', hint: 'One email a day with every match' },
];

/** Spec 001 §9: years 1900 to 2030 (the server's bounds). */
export const YEAR_MIN = MIN_YEAR;
export const YEAR_MAX = MAX_YEAR;

/** The longest alert name the server keeps. */
export const ALERT_NAME_MAX = 200;

/** The server's range for a watch's threshold (percent), and its message. */
export { THRESHOLD_MAX, THRESHOLD_MIN };
export const THRESHOLD_MESSAGE = GARAGE_MESSAGES.threshold;

/** A typed threshold as a number, or null when it is outside the server's range. */
export function parseThreshold(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() && Number.isFinite(n) && n >= THRESHOLD_MIN && n <= THRESHOLD_MAX ? n : null;
}

/** A watch's alert setting in words, under its prices. */
export function thresholdText(threshold: number | null): string {
  return threshold === null ? 'No price alerts' : `Alert at a ${threshold}% move`;
}

/** The text a threshold form starts from: the watch's threshold, or the default when it has none. */
export function thresholdInput(threshold: number | null, fallback: number): string {
  return String(threshold ?? fallback);
}

/** Spec 001 §9: notifications shown on the garage. */
export const GARAGE_NOTIFICATIONS = 5;

/** The spec's garage texts (001 §8). */
export const GARAGE_TEXT = {
  addVehicleFailed: 'Failed to add vehicle',
  updateVehicleFailed: 'Failed to update vehicle',
  removeVehicleFailed: 'Failed to remove vehicle',
  createAlertFailed: 'Failed to create alert',
  updateAlertFailed: 'Failed to update alert',
  deleteAlertFailed: 'Failed to delete alert',
  addWatchFailed: 'Failed to add watch item',
  removeWatchFailed: 'Failed to remove watch item',
  updateWatchFailed: 'Failed to update watch item',
  markReadFailed: 'Failed to mark notification as read',
  vehicleAdded: 'Vehicle added',
  vehicleUpdated: 'Vehicle updated',
  vehicleRemoved: 'Vehicle removed',
  alertCreated: 'Alert created',
  alertUpdated: 'Alert updated',
  alertDeleted: 'Alert deleted',
  watchAdded: 'Watch item added',
  watchRemoved: 'Watch item removed',
  watchUpdated: 'Watch item updated',
} as const;

/** The vehicle form as typed (every input is text). */
export interface VehicleForm {
  vehicleName: string;
  make: string;
  model: string;
  yearStart: string;
  yearEnd: string;
  engineType: string;
  engineCode: string;
  chassisNumber: string;
  modifications: string;
  transmission: string;
  projectType: ProjectType;
  priority: string;
  notes: string;
  isActive: boolean;
}

export const EMPTY_VEHICLE_FORM: VehicleForm = {
  vehicleName: '',
  make: '',
  model: '',
  yearStart: '',
  yearEnd: '',
  engineType: '',
  engineCode: '',
  chassisNumber: '',
  modifications: '',
  transmission: '',
  projectType: 'restoration',
  priority: '1',
  notes: '',
  isActive: true,
};

/** The form for editing a stored vehicle. */
export function vehicleToForm(v: GarageVehicleDto): VehicleForm {
  return {
    vehicleName: v.vehicleName,
    make: v.make,
    model: v.model,
    yearStart: v.yearStart === null ? '' : String(v.yearStart),
    yearEnd: v.yearEnd === null ? '' : String(v.yearEnd),
    engineType: v.engineType ?? '',
    engineCode: v.engineCode ?? '',
    chassisNumber: v.chassisNumber ?? '',
    modifications: v.modifications ?? '',
    transmission: v.transmission ?? '',
    projectType: v.projectType,
    priority: String(v.priority),
    notes: v.notes ?? '',
    isActive: v.isActive,
  };
}

/** A typed number, or null when blank; text that is no number is sent as is so the server names the field. */
function optionalNumber(value: string): number | string | null {
  const v = value.trim();
  if (!v) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

const optionalText = (value: string): string | null => value.trim() || null;

/** The POST /api/garage (or PATCH) body of a vehicle form; a blank name is left to the server ("1967 Ford Mustang"). */
export function vehiclePayload(form: VehicleForm): VehicleCreateInput {
  return {
    vehicleName: optionalText(form.vehicleName),
    make: form.make,
    model: form.model.trim(),
    yearStart: optionalNumber(form.yearStart),
    yearEnd: optionalNumber(form.yearEnd),
    engineType: optionalText(form.engineType),
    engineCode: optionalText(form.engineCode),
    chassisNumber: optionalText(form.chassisNumber),
    modifications: optionalText(form.modifications),
    transmission: optionalText(form.transmission),
    projectType: form.projectType,
    priority: optionalNumber(form.priority) ?? 1,
    notes: optionalText(form.notes),
    isActive: form.isActive,
  };
}

/** "1965-1968", "1967", "1965+", "up to 1970", or "" for no years. */
export function yearsText(start: number | null | undefined, end: number | null | undefined): string {
  if (start && end) return start === end ? String(start) : `${start}-${end}`;
  if (start) return `${start}+`;
  if (end) return `up to ${end}`;
  return '';
}

/** A condition an alert may ask for (the server's list). */
export type AlertCondition = Extract<NonNullable<AlertCreateInput['condition']>, readonly unknown[]>[number];

/** The alert form as typed. */
export interface AlertForm {
  alertName: string;
  make: string;
  model: string;
  yearStart: string;
  yearEnd: string;
  category: string;
  condition: AlertCondition[];
  maxPrice: string;
  keywords: string;
  garageVehicleId: string;
  /** Only parts that fit the chosen garage vehicle (the alert is keyed to it: make, model and years are not sent). */
  fitsVehicle: boolean;
  frequency: AlertFrequency;
}

export const EMPTY_ALERT_FORM: AlertForm = {
  alertName: '',
  make: '',
  model: '',
  yearStart: '',
  yearEnd: '',
  category: '',
  condition: [],
  maxPrice: '',
  keywords: '',
  garageVehicleId: '',
  fitsVehicle: false,
  frequency: 'instant',
};

/** Keywords as typed ("carburetor, holley 4bbl") → distinct lower-case words, split on spaces and commas as the server does. */
export function parseKeywords(text: string): string[] {
  const words = text.toLowerCase().split(/[\s,]+/).filter(Boolean);
  return [...new Set(words)];
}

/** The POST /api/alerts body of the alert form. */
export function alertPayload(form: AlertForm): AlertCreateInput {
  const maxPrice = form.maxPrice.trim();
  const keyed = form.fitsVehicle && Boolean(form.garageVehicleId);
  return {
    alertName: form.alertName.trim(),
    make: keyed ? null : form.make || null,
    model: keyed ? null : form.model.trim() || null,
    yearStart: keyed ? null : optionalNumber(form.yearStart),
    yearEnd: keyed ? null : optionalNumber(form.yearEnd),
    category: form.category || null,
    condition: form.condition,
    maxPrice: maxPrice || null,
    keywords: parseKeywords(form.keywords),
    garageVehicleId: form.garageVehicleId || null,
    vehicleId: keyed ? form.garageVehicleId : null,
    frequency: form.frequency,
  };
}

/** A vehicle's facts filled into the alert form (make, model, years), keeping what the user typed elsewhere. */
export function alertFormForVehicle(form: AlertForm, vehicle: GarageVehicleDto | undefined): AlertForm {
  if (!vehicle) return { ...form, garageVehicleId: '', fitsVehicle: false };
  return {
    ...form,
    garageVehicleId: vehicle.id,
    make: vehicle.make,
    model: vehicle.model,
    yearStart: vehicle.yearStart === null ? '' : String(vehicle.yearStart),
    yearEnd: vehicle.yearEnd === null ? '' : String(vehicle.yearEnd),
  };
}

interface Named {
  slug: string;
  name: string;
}
const nameOf = (list: readonly Named[] | undefined, slug: string) => list?.find((x) => x.slug === slug)?.name ?? slug;

/** The name a saved search gets: its text, else make, category and years, e.g. `"holley" in Ford Engine parts, 1960-1970`. */
export function savedSearchName(filters: SearchFilters, makes?: readonly Named[], categories?: readonly Named[]): string {
  const years = yearsText(filters.yearFrom ? Number(filters.yearFrom) : null, filters.yearTo ? Number(filters.yearTo) : null);
  const scope = [filters.make && nameOf(makes, filters.make), filters.category && nameOf(categories, filters.category)]
    .filter(Boolean)
    .join(' ');
  const what = filters.q ? `"${filters.q.trim()}"${scope ? ` in ${scope} parts` : ''}` : scope ? `${scope} parts` : 'All parts';
  return (years ? `${what}, ${years}` : what).slice(0, ALERT_NAME_MAX);
}

/**
 * "Save this search": an alert holding the search's filters and text. The text's words become the keywords (each
 * must appear); the vehicle picked above the results becomes the alert's vehicle.
 */
export function alertFromSearch(
  filters: SearchFilters & { fitsVehicle?: string },
  frequency: AlertFrequency,
  names: { makes?: readonly Named[]; categories?: readonly Named[]; alertName?: string } = {},
): AlertCreateInput {
  const keywords = parseKeywords(filters.q ?? '');
  return {
    alertName: names.alertName?.trim() || savedSearchName(filters, names.makes, names.categories),
    make: filters.make ?? null,
    model: null,
    yearStart: filters.yearFrom ? Number(filters.yearFrom) : null,
    yearEnd: filters.yearTo ? Number(filters.yearTo) : null,
    category: filters.category ?? null,
    condition: [],
    maxPrice: null,
    keywords,
    garageVehicleId: filters.fitsVehicle ?? null,
    frequency,
  };
}

/** A search worth saving: some text or filter beyond a seller's page. */
export function canSaveSearch(filters: SearchFilters): boolean {
  return Boolean(filters.q || filters.make || filters.category || filters.yearFrom || filters.yearTo);
}

export type FitmentBadgeState = { kind: 'fits'; text: string } | { kind: 'check'; text: string } | null;

/**
 * The badge on a card: "Fits your {vehicleName}" (the best-priority vehicle it fits), "Check fitment" when the part
 * lists no vehicles, "Check the engine of your {vehicleName}" when it is for an engine and that vehicle has no
 * engine code, nothing when it fits none of the user's vehicles (or there is no answer).
 */
export function fitmentBadge(answer: PartFitmentDto | undefined): FitmentBadgeState {
  if (!answer) return null;
  if (answer.status === 'fits') {
    const name = answer.fitsVehicleName ?? answer.vehicles.find((v) => v.fits)?.vehicleName;
    return name ? { kind: 'fits', text: `Fits your ${name}` } : null;
  }
  if (answer.status === 'no_entries') return { kind: 'check', text: 'Check fitment' };
  if (answer.status === 'check') {
    const name = answer.checkVehicleName ?? answer.vehicles.find((v) => v.status === 'check')?.vehicleName;
    return name ? { kind: 'check', text: `Check the engine of your ${name}` } : null;
  }
  return null;
}

const REASONS: Record<MismatchReason | FitCheckReason, string> = {
  make: 'different make',
  model: 'different model',
  years: 'years do not overlap',
  engine: 'different engine',
  engine_unknown: 'add its engine code to check',
};

/** Why a part does not fit a vehicle (or why it must be checked), in words. */
export function mismatchText(reason: MismatchReason | FitCheckReason): string {
  return REASONS[reason] ?? 'not listed';
}

/** "For the LS3 engine" / "For the L78 or L89 engine" under the part page's answer; '' for a part for any engine. */
export function enginesText(engines: readonly string[]): string {
  if (!engines.length) return '';
  const list = engines.length === 1 ? engines[0] : `${engines.slice(0, -1).join(', ')} or ${engines[engines.length - 1]}`;
  return `For the ${list} engine`;
}

/** "+12.5%", "-3%", "0%". */
export function changePercentText(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** The words beside the arrow (colour is never the only signal). */
export function directionLabel(direction: PriceDirection): string {
  return direction === 'up' ? 'Price up' : direction === 'down' ? 'Price down' : 'No change';
}

export interface GarageStats {
  vehicles: number;
  activeAlerts: number;
  watchItems: number;
  unread: number;
}

/** The quick stats (spec 001 §2): vehicles, active alerts, watch items, unread notifications. */
export function garageStats(
  vehicles: readonly GarageVehicleDto[],
  alerts: readonly PartAlertDto[],
  watches: readonly MarketWatchItemDto[],
  unread: number,
): GarageStats {
  return {
    vehicles: vehicles.length,
    activeAlerts: alerts.filter((a) => a.isActive).length,
    watchItems: watches.filter((w) => w.isActive).length,
    unread,
  };
}

/** A one-line summary of what an alert looks for. */
export function alertSummary(alert: PartAlertDto): string {
  const parts = [
    [alert.make && (alert.makeName ?? alert.make), alert.model].filter(Boolean).join(' '),
    yearsText(alert.yearStart, alert.yearEnd),
    alert.category ?? '',
    alert.condition.length ? alert.condition.map(conditionLabel).join(', ') : '',
    alert.maxPrice ? `up to $${Number(alert.maxPrice).toLocaleString('en-US')}` : '',
    alert.keywords.length ? `"${alert.keywords.join('", "')}"` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every new part';
}

/** "7:00 AM" for hour 7 of the day. */
export function hourLabel(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve}:00 ${h < 12 ? 'AM' : 'PM'}`;
}
