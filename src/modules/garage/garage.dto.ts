import type { FitmentEvidenceDto } from '../catalog/part.dto.js';

/**
 * The garage core's answers (vehicles, fitment, part alerts, market watch, price history), declared once here:
 * the server builds them and both front ends read them with `import type`. Declarations only: this file imports
 * nothing but the catalog's part DTO, so it type-checks under tsconfig.web.json too. Money is a decimal string ("1234.50").
 */

/** What the owner is doing with the car (spec 001 §3). */
export type ProjectType = 'restoration' | 'maintenance' | 'modification' | 'rebuild';

/** A vehicle in a user's garage (GET /api/garage/{userId}, POST /api/garage, PATCH /api/garage/vehicle/{id}). */
export interface VehicleDto {
  id: string;
  userId: string;
  /** The owner's name for the car; when left blank it is made of the years, make and model ("1967-1969 Porsche 911"). */
  vehicleName: string;
  /** A make slug from GET /api/makes. */
  make: string;
  /** The make's display name, or null when the make was removed from the list. */
  makeName: string | null;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  /** Free text ("289 V8"). */
  engineType: string | null;
  /**
   * The engine code ("LS3", "901/01"), as typed. A part whose fitment entry names an engine fits only vehicles with
   * that engine code (case, spaces and dashes ignored); null means unknown, and such parts answer `check`.
   */
  engineCode: string | null;
  /** Chassis number or VIN. */
  chassisNumber: string | null;
  /** Free text: "LS3 swap, T56 gearbox". */
  modifications: string | null;
  transmission: string | null;
  projectType: ProjectType;
  /** 1 is the highest; default 1. */
  priority: number;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Why a part does not fit a vehicle: another make, another model, no overlapping years, or (the body matching an
 * entry that names an engine) another engine code.
 */
export type NoFitReason = 'make' | 'model' | 'years' | 'engine';

/** Why the answer is `check`: the part's entry names an engine and the vehicle has no engine code. */
export type FitCheckReason = 'engine_unknown';

/** A vehicle's (and a part's) fitment answer: it fits, check the engine, or it does not fit. */
export type FitStatus = 'fits' | 'check' | 'no_fit';

/** One of the user's active vehicles and whether a part fits it. */
export interface VehicleFitDto {
  vehicleId: string;
  vehicleName: string;
  /** True only when it fits (false for `check`). */
  fits: boolean;
  status: FitStatus;
  /** Null when it fits; `engine_unknown` for `check`. */
  reason: NoFitReason | FitCheckReason | null;
}

/**
 * The fitment answer for one part and the signed-in user (GET /api/garage/fitment?partIds=a,b,c answers one per
 * part asked, in the order asked). `status`: `fits` when at least one active vehicle matches an entry ("Fits your
 * {fitsVehicleName}"), `no_entries` when the part has no vehicle compatibility entries ("Check fitment"),
 * `check` when none fits but an entry that names an engine matches a vehicle without an engine code ("Check the
 * engine of your {checkVehicleName}"), `no_fit` otherwise (or when the user has no active vehicle).
 */
export interface PartFitmentAnswerDto {
  partId: string;
  status: 'fits' | 'no_entries' | 'no_fit' | 'check';
  /** The best-priority vehicle it fits (the badge's name), else null. */
  fitsVehicleName: string | null;
  /** When the status is `check`: the best-priority vehicle whose engine must be checked, else null. */
  checkVehicleName: string | null;
  /** The engines the part's entries name, as the seller typed them (empty: the part is for any engine). */
  engines: string[];
  /** Every active vehicle of the user, best priority first. Empty when the part has no entries. */
  vehicles: VehicleFitDto[];
}

/** How an alert's matches reach the owner by mail: within a minute, or in one digest a day. */
export type AlertFrequency = 'instant' | 'daily';

/** A part alert / saved search (GET /api/alerts/{userId}, POST /api/alerts, PATCH /api/alerts/alert/{id}). */
export interface AlertDto {
  id: string;
  userId: string;
  alertName: string;
  /** Make slug, or null for any make. */
  make: string | null;
  makeName: string | null;
  model: string | null;
  yearStart: number | null;
  yearEnd: number | null;
  /** Category slug, or null for any. */
  category: string | null;
  /** Conditions accepted; empty for any. */
  condition: string[];
  maxPrice: string | null;
  /** Words that must all appear in the title, description or part number; empty for any. */
  keywords: string[];
  /** A vehicle the alert is linked to (the form's choice); it does not change what matches. */
  garageVehicleId: string | null;
  /**
   * The owner's vehicle the alert is keyed to: a new part matches only when it fits that vehicle (the fitment
   * answer's `fits`), whatever the alert's make, model and years; null for an ordinary alert.
   */
  vehicleId: string | null;
  /**
   * The wanted request the alert was made from (it ended without an award); a part it matches also tells the part's
   * seller that a buyer wanted it. Null for an alert the user made.
   */
  wantedRequestId: string | null;
  isActive: boolean;
  frequency: AlertFrequency;
  /** When the alert last matched an item. */
  lastTriggered: string | null;
  /** How many items it has matched so far. */
  matchCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The caller's alert made from a wanted request (GET /api/alerts/from-request/{id}), or null when there is none. */
export interface WantedRequestAlertDto {
  alert: AlertDto | null;
}

export type WatchType = 'part' | 'auction' | 'reverse_auction';
export type PriceDirection = 'up' | 'down' | 'stable';

/** A market watch item (GET /api/market-watch/{userId}, POST /api/market-watch). */
export interface MarketWatchItemDto {
  id: string;
  userId: string;
  watchType: WatchType;
  /** Exactly one of the three ids is set, as watchType says. */
  partId: string | null;
  auctionId: string | null;
  reverseAuctionId: string | null;
  /** The watched item's title (null when it is gone). */
  title: string | null;
  /** The web path of the item: /parts/{id}, /auctions/{id}, /reverse-auctions/{id}. */
  itemPath: string;
  /** The price when watching began. */
  originalPrice: string | null;
  currentPrice: string | null;
  /** Change from originalPrice in percent, two decimals (e.g. -12.5). */
  priceChangePercent: number;
  priceDirection: PriceDirection;
  /** Notify when the price has moved this many percent from the last notified price; null for never. */
  priceAlertThreshold: number | null;
  isActive: boolean;
  lastPriceCheck: string | null;
  createdAt: string;
}

/** An item the watch form can pick (GET /api/market-watch/search?q=...&watchType=...). */
export interface WatchCandidateDto {
  watchType: WatchType;
  id: string;
  title: string;
  price: string | null;
  imageUrl: string | null;
  itemPath: string;
}

/** What a price point records. */
export type PriceEventType =
  | 'listed'
  | 'price_changed'
  | 'bid'
  | 'lowest_quote'
  | 'auction_final'
  | 'sold';

/** One recorded price. */
export interface PricePointDto {
  recordedAt: string;
  price: string;
  eventType: PriceEventType;
}


/**
 * Sold-price history (GET /api/market/history?partNumber=... or make, model, category): the recorded final prices
 * (auction finals and sales), oldest first, with count, median and range. The figures are null when count is 0.
 */
export interface SoldPriceHistoryDto {
  count: number;
  median: string | null;
  min: string | null;
  max: string | null;
  points: PricePointDto[];
}

/** A buyer's answer to "Did it fit?": it fitted, it did not, or it fitted after modification. */
export type FitAnswer = 'yes' | 'no' | 'with_modification';

/**
 * A buyer's fitment report of a delivered order (POST /api/orders/{id}/fitment-report, GET of the same path, and the
 * console's GET /api/admin/fitment-reports). The vehicle is stored as facts: the garage vehicle's, or the part's
 * fitment line taken for it when none was chosen (`vehicleId` null).
 */
export interface FitmentReportDto {
  id: string;
  orderId: string;
  partId: string;
  partNumberNorm: string | null;
  sellerId: string;
  reporterId: string;
  vehicleId: string | null;
  make: string;
  model: string;
  yearStart: number | null;
  yearEnd: number | null;
  engine: string | null;
  fits: FitAnswer;
  note: string | null;
  /** The vehicle matched one of the seller's fitment lines (a "no" then told the seller). */
  declared: boolean;
  createdAt: string;
}

/** One part card's fitment evidence (GET /api/garage/fitment-evidence?partIds=), lines as on the part page. */
export interface PartEvidenceDto {
  partId: string;
  evidence: FitmentEvidenceDto[];
}

/** GET /api/orders/{id}/fitment-report: the buyer's report of the order, or null before one is sent. */
export interface FitmentReportStateDto {
  report: FitmentReportDto | null;
}
