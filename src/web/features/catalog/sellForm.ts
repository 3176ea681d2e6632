/**
 * The rules of the "List Your Part" form (spec 001 §2 "Sell-a-part page", §5 "Part listing", §9 limits),
 * kept free of React so they can be unit tested.
 */

import type { FieldErrors } from '../../lib/form';
import type { PartDto } from '../../../modules/catalog/part.dto';
import type { FitmentInput, PartCreateInput } from '../../../modules/catalog/catalog.inputs';
import { MAX_PHOTOS, MAX_YEAR, MIN_YEAR, PART_MESSAGES } from '../../../modules/catalog/part.messages';
import { CONDITION_OPTIONS, type ConditionValue } from './partFormat';

export { MAX_PHOTOS, MAX_YEAR, MIN_YEAR };
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** Condition values and their labels (spec 000 §3): the catalog's one list. */
export { CONDITION_OPTIONS, type ConditionValue };

export const SELL_MESSAGES = {
  imagesRequired: { title: 'Images Required', description: PART_MESSAGES.photosRequired },
  altTextRequired: {
    title: 'Alt Text Required',
    description: 'Please add descriptive alt text for all images for accessibility.',
  },
  uploading: { title: 'Photos Uploading', description: 'Please wait until your photos have finished uploading.' },
  /** Spec 001 §8, for a listing that went live at once (a trusted seller, or an admin). */
  success: { title: 'Part listed successfully!', description: 'Your part has been added to the marketplace.' },
  /** A listing that waits for the team's review: buyers cannot see it yet, so the toast does not say it is live. */
  submittedForReview: {
    title: 'Part submitted for review',
    description: 'Buyers will see it in the marketplace as soon as our team approves it; we will let you know.',
  },
  failure: { title: 'Error', description: 'Failed to list your part. Please try again.' },
  saved: { title: 'Listing updated', description: 'Your changes have been saved.' },
  savedForReview: {
    title: 'Listing updated',
    description: 'Your changes were sent for review. The listing is hidden from buyers until our team approves it.',
  },
  saveFailure: { title: 'Error', description: 'Failed to save your changes. Please try again.' },
} as const;

// ---------------------------------------------------------------------------------------------------
// Photos

export interface PhotoItem {
  /** Stable client-side key. */
  key: string;
  /** The stored photo's url once uploaded; empty while uploading. */
  url: string;
  thumbnailUrl?: string;
  /** A local object URL shown while the upload runs. */
  previewUrl?: string;
  altText: string;
  isPrimary: boolean;
  status: 'uploading' | 'uploaded';
  /** Upload progress 0-100 while uploading. */
  progress: number;
}

export interface FileLike {
  type: string;
  size: number;
}

/** The files to upload: JPEG/PNG up to 5 MB (others silently skipped), at most MAX_PHOTOS minus those present. */
export function acceptPhotoFiles<F extends FileLike>(files: readonly F[], present: number): F[] {
  const room = Math.max(0, MAX_PHOTOS - present);
  return files
    .filter((f) => (PHOTO_TYPES as readonly string[]).includes(f.type) && f.size > 0 && f.size <= MAX_PHOTO_BYTES)
    .slice(0, room);
}

/** Appends photos; the first photo added to an empty list becomes primary. */
export function addPhotos(list: readonly PhotoItem[], added: readonly PhotoItem[]): PhotoItem[] {
  const room = Math.max(0, MAX_PHOTOS - list.length);
  const incoming = added.slice(0, room).map((p) => ({ ...p, isPrimary: false }));
  if (list.length === 0 && incoming.length > 0) incoming[0] = { ...incoming[0]!, isPrimary: true };
  return [...list, ...incoming];
}

/** Removes a photo; removing the primary makes the first remaining one primary. */
export function removePhoto(list: readonly PhotoItem[], key: string): PhotoItem[] {
  const removed = list.find((p) => p.key === key);
  const rest = list.filter((p) => p.key !== key);
  if (removed?.isPrimary && rest.length > 0 && !rest.some((p) => p.isPrimary)) {
    rest[0] = { ...rest[0]!, isPrimary: true };
  }
  return rest;
}

/** Makes one photo the primary and every other one not. */
export function makePrimary(list: readonly PhotoItem[], key: string): PhotoItem[] {
  if (!list.some((p) => p.key === key)) return [...list];
  return list.map((p) => ({ ...p, isPrimary: p.key === key }));
}

/** Changes fields of one photo (alt text, upload result, progress). */
export function updatePhoto(list: readonly PhotoItem[], key: string, patch: Partial<Omit<PhotoItem, 'key'>>): PhotoItem[] {
  return list.map((p) => (p.key === key ? { ...p, ...patch } : p));
}

/** The toast that blocks submitting because of the photos, or null when they are fine. */
export function photoProblem(list: readonly PhotoItem[]): { title: string; description: string } | null {
  if (list.length === 0) return SELL_MESSAGES.imagesRequired;
  if (list.some((p) => p.altText.trim() === '')) return SELL_MESSAGES.altTextRequired;
  if (list.some((p) => p.status !== 'uploaded')) return SELL_MESSAGES.uploading;
  return null;
}

/** Photo key → the server's alt-text message, for each photo whose alt text is blank. */
export function missingAltText(list: readonly PhotoItem[]): Record<string, string> {
  return Object.fromEntries(list.filter((p) => p.altText.trim() === '').map((p) => [p.key, PART_MESSAGES.altText]));
}

// ---------------------------------------------------------------------------------------------------
// Vehicle compatibility

export interface FitmentDraft {
  key: string;
  make: string;
  model: string;
  yearStart: string;
  yearEnd: string;
  engine: string;
  transmission: string;
  notes: string;
}

/** A year the form may copy: four digits within the limits, else blank. */
function copyableYear(value: string | undefined): string {
  const text = value?.trim() ?? '';
  return /^\d{4}$/.test(text) && Number(text) >= MIN_YEAR && Number(text) <= MAX_YEAR ? text : '';
}

/**
 * A new vehicle entry. Its years start as the part's own year range when the seller gave one (a valid year
 * each), otherwise blank for the seller to fill: never an invented year such as the old default of 2000 (issue 34).
 */
export function newFitment(key: string, partYears: { yearStart?: string; yearEnd?: string } = {}): FitmentDraft {
  const yearStart = copyableYear(partYears.yearStart);
  const yearEnd = copyableYear(partYears.yearEnd);
  const inOrder = !yearStart || !yearEnd || Number(yearStart) <= Number(yearEnd);
  return {
    key,
    make: '',
    model: '',
    yearStart: inOrder ? yearStart : '',
    yearEnd: inOrder ? yearEnd : '',
    engine: '',
    transmission: '',
    notes: '',
  };
}

/**
 * The make choices of a vehicle entry: the makes list's names (vehicle entries store the name, as the demo
 * listings do), plus the entry's own make when a saved listing holds one the list does not (typed before the
 * form offered the list), so that editing keeps it.
 */
export function fitmentMakeOptions(makes: ReadonlyArray<{ name: string }>, current: string): string[] {
  const names = makes.map((m) => m.name);
  const kept = current.trim();
  return kept && !names.some((n) => n.toLowerCase() === kept.toLowerCase()) ? [kept, ...names] : names;
}

/** The entries that will be sent: those with both a make and a model (the others are dropped). */
export function keptFitments(drafts: readonly FitmentDraft[]): FitmentDraft[] {
  return drafts.filter((d) => d.make.trim() !== '' && d.model.trim() !== '');
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim());

function yearOrNull(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

/** The API payload of one kept entry. */
export function toFitmentPayload(draft: FitmentDraft): FitmentInput {
  return {
    make: draft.make.trim(),
    model: draft.model.trim(),
    yearStart: yearOrNull(draft.yearStart),
    yearEnd: yearOrNull(draft.yearEnd),
    engine: optional(draft.engine),
    transmission: optional(draft.transmission),
    notes: optional(draft.notes),
  };
}

// ---------------------------------------------------------------------------------------------------
// The form

export interface SellForm {
  title: string;
  category: string;
  condition: ConditionValue;
  make: string;
  model: string;
  yearStart: string;
  yearEnd: string;
  partNumber: string;
  price: string;
  location: string;
  description: string;
}

export type SellField = keyof SellForm;
export type SellErrors = FieldErrors<SellForm>;

export const EMPTY_SELL_FORM: SellForm = {
  title: '',
  category: '',
  condition: 'used-good',
  make: '',
  model: '',
  yearStart: '',
  yearEnd: '',
  partNumber: '',
  price: '',
  location: '',
  description: '',
};

function yearError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (!/^\d{4}$/.test(text)) return PART_MESSAGES.year;
  const year = Number(text);
  return year < MIN_YEAR || year > MAX_YEAR ? PART_MESSAGES.year : undefined;
}

function priceError(value: string): string | undefined {
  const text = value.trim();
  const messages = PART_MESSAGES.price;
  if (text === '') return messages.required;
  if (!/^\d+(\.\d+)?$/.test(text)) return messages.number;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return messages.decimals;
  if (Number(text) <= 0) return messages.positive;
  if (Number(text) > 99_999_999.99) return messages.tooHigh;
  return undefined;
}

type YearRangeErrors = Partial<Record<'yearStart' | 'yearEnd', string>>;

/** The checks of a first/last year pair: each a year in range (or blank), and the first not after the last. */
function yearRangeErrors(yearStart: string, yearEnd: string): YearRangeErrors {
  const errors: YearRangeErrors = {};
  const start = yearError(yearStart);
  const end = yearError(yearEnd);
  if (start) errors.yearStart = start;
  if (end) errors.yearEnd = end;
  if (!start && !end && yearStart.trim() && yearEnd.trim() && Number(yearStart) > Number(yearEnd)) {
    errors.yearEnd = PART_MESSAGES.yearOrder;
  }
  return errors;
}

/** The client-side checks of the form fields, with the server's messages. */
export function validateSellForm(form: SellForm): SellErrors {
  const errors: SellErrors = {};
  const required: Array<[SellField & keyof typeof PART_MESSAGES, string]> = [
    ['title', PART_MESSAGES.title],
    ['category', PART_MESSAGES.category],
    ['condition', PART_MESSAGES.condition],
    ['make', PART_MESSAGES.make],
    ['location', PART_MESSAGES.location],
    ['description', PART_MESSAGES.description],
  ];
  for (const [field, message] of required) {
    if (form[field].trim() === '') errors[field] = message;
  }
  const price = priceError(form.price);
  if (price) errors.price = price;
  return { ...errors, ...yearRangeErrors(form.yearStart, form.yearEnd) };
}

/** The checks of the kept vehicle entries' years, keyed by entry key then field. */
export function validateFitments(drafts: readonly FitmentDraft[]): Record<string, YearRangeErrors> {
  const errors: Record<string, YearRangeErrors> = {};
  for (const draft of keptFitments(drafts)) {
    const entry = yearRangeErrors(draft.yearStart, draft.yearEnd);
    if (Object.keys(entry).length) errors[draft.key] = entry;
  }
  return errors;
}

/** The POST /api/parts body (the seller is the session user, so no sellerId is sent). */
export function toPartPayload(form: SellForm, photos: readonly PhotoItem[], fitments: readonly FitmentDraft[]): PartCreateInput {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    price: form.price.trim(),
    category: form.category,
    make: form.make,
    model: optional(form.model),
    yearStart: yearOrNull(form.yearStart),
    yearEnd: yearOrNull(form.yearEnd),
    partNumber: optional(form.partNumber),
    condition: form.condition,
    location: form.location.trim(),
    images: photos.map((p) => ({ url: p.url, altText: p.altText.trim(), isPrimary: p.isPrimary })),
    vehicleCompatibility: keptFitments(fitments).map(toFitmentPayload),
  };
}

/** The form, photos and vehicle entries of an existing listing, for the edit form (the sell form, filled). */
export function sellFormFromPart(part: PartDto): { form: SellForm; photos: PhotoItem[]; fitments: FitmentDraft[] } {
  const year = (value: number | null) => (value === null ? '' : String(value));
  const condition = CONDITION_OPTIONS.some((c) => c.value === part.condition)
    ? (part.condition as ConditionValue)
    : EMPTY_SELL_FORM.condition;
  return {
    form: {
      title: part.title,
      category: part.category,
      condition,
      make: part.make,
      model: part.model ?? '',
      yearStart: year(part.yearStart),
      yearEnd: year(part.yearEnd),
      partNumber: part.partNumber ?? '',
      price: part.price,
      location: part.location,
      description: part.description,
    },
    photos: part.images.map((image, index) => ({
      key: `saved-photo-${index}`,
      url: image.url,
      ...(image.thumbnailUrl ? { thumbnailUrl: image.thumbnailUrl } : {}),
      altText: image.altText,
      isPrimary: image.isPrimary,
      status: 'uploaded' as const,
      progress: 100,
    })),
    fitments: part.vehicleCompatibility.map((f, index) => ({
      key: `saved-fitment-${index}`,
      make: f.make,
      model: f.model,
      yearStart: year(f.yearStart),
      yearEnd: year(f.yearEnd),
      engine: f.engine ?? '',
      transmission: f.transmission ?? '',
      notes: f.notes ?? '',
    })),
  };
}

/** The toast after listing a part: the spec's "added to the marketplace" only when it went live. */
export function listedMessage(saved: Pick<PartDto, 'isApproved'>) {
  return saved.isApproved ? SELL_MESSAGES.success : SELL_MESSAGES.submittedForReview;
}

/** The toast after saving an edit: a live listing that went back to review says so. */
export function editSavedMessage(before: Pick<PartDto, 'isApproved'>, after: Pick<PartDto, 'isApproved'>) {
  return before.isApproved && !after.isApproved ? SELL_MESSAGES.savedForReview : SELL_MESSAGES.saved;
}

export interface SplitServerErrors {
  fields: SellErrors;
  /** Photo key → message. */
  photos: Record<string, string>;
  /** Vehicle entry key → field → message. */
  fitments: Record<string, Record<string, string>>;
  /** Messages with no field on the form (e.g. the photo list as a whole). */
  general: string[];
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_SELL_FORM));

/**
 * Places the API's 400 `errors` (keyed "title", "images.0.altText", "vehicleCompatibility.1.yearEnd")
 * beside the fields they belong to; `photoKeys` and `fitmentKeys` are in the order they were sent.
 */
export function splitServerErrors(
  errors: Record<string, string>,
  photoKeys: readonly string[],
  fitmentKeys: readonly string[],
): SplitServerErrors {
  const out: SplitServerErrors = { fields: {}, photos: {}, fitments: {}, general: [] };
  for (const [path, message] of Object.entries(errors)) {
    const [head, index, field] = path.split('.');
    if (head && FORM_FIELDS.has(head) && index === undefined) {
      out.fields[head as SellField] = message;
      continue;
    }
    const photoKey = head === 'images' && index !== undefined ? photoKeys[Number(index)] : undefined;
    if (photoKey) {
      out.photos[photoKey] ??= message;
      continue;
    }
    const fitmentKey = head === 'vehicleCompatibility' && index !== undefined ? fitmentKeys[Number(index)] : undefined;
    if (fitmentKey) {
      out.fitments[fitmentKey] = { ...out.fitments[fitmentKey], [field ?? 'make']: message };
      continue;
    }
    out.general.push(message);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Who may list

export type SellerLookup = 'approved' | 'pending' | 'missing' | 'unknown';
export type SellAccess = 'loading' | 'signed-out' | 'not-seller' | 'seller-pending' | 'allowed';

/** What GET /api/sellers/by-user/{id} said about a seller record's status. */
export function lookupOfStatus(status: unknown): SellerLookup {
  if (status === 'approved') return 'approved';
  if (status === 'pending') return 'pending';
  return 'missing';
}

/**
 * Whether the page shows the form: signed-out visitors get the sign-in prompt; buyers and users without
 * an approved seller record get the "Seller Account Required" card (pending applicants are told it is in
 * review). Admins may list without a record, as the server allows. When the lookup cannot tell (a network
 * error) the role decides and the server has the last word.
 */
export function sellAccess(
  user: { role: string } | null,
  userLoading: boolean,
  lookup: SellerLookup | 'loading',
): SellAccess {
  if (userLoading) return 'loading';
  if (!user) return 'signed-out';
  if (user.role === 'admin') return 'allowed';
  if (lookup === 'loading') return 'loading';
  // An approved record is what the server checks, even if the cached user still says buyer.
  if (lookup === 'approved') return 'allowed';
  if (lookup === 'pending') return 'seller-pending';
  if (user.role === 'buyer' || lookup === 'missing') return 'not-seller';
  return 'allowed';
}
