import { inject, injectable, optional } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { CatalogLookups } from './catalog.lookups.js';
import { Part } from './part.entity.js';
import { PartFitment } from './part-fitment.entity.js';
import { PartHolds } from './part.holds.js';
import type { CategoryDto, MakeDto, PartDto, PartFacetsDto, PartNumberDto } from './part.dto.js';
import { PartNumber } from './part-number.entity.js';
import { toPartDto } from './part.mapper.js';
import type { PartListQuery } from './part.schemas.js';
import { PartRowBatcher, snapshotsOf } from './part.reader.js';
import { PartSearch, searchKeys, type SearchFilters } from './part-search.sql.js';
import { interchangeLabels } from './part-number-search.sql.js';
import { decodeCursor } from './search-keyset.sql.js';
import { VehicleFilterSource } from './vehicle-filter.port.js';
import { FitmentEvidenceSource } from './fitment-evidence.port.js';
import { KNOWN_WORD_TTL_MS, KnownWords, RememberedSet } from './search.words.js';
import type { SqlRunner } from '../../platform/db/sql-runner.js';
import { Database } from '../../platform/db/database.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';

/** At most this many common texts are remembered (see PartSearch.results). */
const COMMON_TEXTS_CACHE_SIZE = 5_000;

/** A page of search results: the parts, the count of matches, and the corrected query. */
export interface PartPage {
  rows: PartDto[];
  /** The count of matches, exact up to the count bound (COUNT_BOUND); past it, the bound itself. */
  total: number;
  /** False when there are more matches than `total` (the count stopped at the bound). */
  totalExact: boolean;
  /** The cursor of the page after this one (GET /api/parts?after=), or null on the last page. */
  nextCursor: string | null;
  /** The query as searched after typo correction, when it differs from what was typed. */
  correctedQuery: string | null;
  /** When nothing matched: the typed words no public listing holds (what the search page names), else empty. */
  unmatchedWords: string[];
}

const isAdmin = (actor: Actor | null) => hasRole(actor?.role, 'admin');

/**
 * Reading parts: search and facets, the part page, parts for other modules, and the DTOs every answer uses.
 * Listing changes are PartListingService's, review decisions PartReviewService's.
 */
@injectable()
export class PartService {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogLookups) private readonly lookups: CatalogLookups,
    @inject(PartHolds) private readonly holds: PartHolds,
    @inject(TOKENS.Config) config: Config,
    @inject(VehicleFilterSource) @optional() private readonly vehicles?: VehicleFilterSource,
    @inject(FitmentEvidenceSource) @optional() private readonly evidence?: FitmentEvidenceSource,
  ) {
    this.db = this.database.runner('read');
    this.countBound = config.searchCountBound;
    this.partRows = new PartRowBatcher(this.db);
    this.knownWords = new KnownWords(() => this.clock.now().getTime());
    this.commonTexts = new RememberedSet(() => this.clock.now().getTime(), KNOWN_WORD_TTL_MS, COMMON_TEXTS_CACHE_SIZE);
  }

  /** Search counts are exact up to this many matches (SEARCH_COUNT_BOUND). */
  private readonly countBound: number;

  /** Words the search lexicon holds, remembered across searches (see KnownWords). */
  private readonly knownWords: KnownWords;

  /** Texts seen to match too many parts to rank them all, remembered across searches (see PartSearch.results). */
  private readonly commonTexts: RememberedSet;

  /** The read path of search and part pages: prepared statements on the read pool (see platform/db/sql-runner.ts). */
  private readonly db: SqlRunner;

  /** Part pages' reads, batched across concurrent requests. */
  private readonly partRows: PartRowBatcher;

  /** All categories, by name. */
  async listCategories(): Promise<CategoryDto[]> {
    return (await this.lookups.get()).categories;
  }

  /** All makes, by name. */
  async listMakes(): Promise<MakeDto[]> {
    return (await this.lookups.get()).makes;
  }

  /**
   * Whether `actor` may see `part`: public listings to all, active own listings to their seller, all to admins.
   * A sold listing keeps its page (it says "Sold"), though it has left search.
   */
  canSee(part: Pick<Part, 'isActive' | 'soldAt' | 'isApproved' | 'sellerId'>, actor: Actor | null): boolean {
    if (isAdmin(actor)) return true;
    if (!part.isActive && !part.soldAt) return false;
    return part.isApproved || part.sellerId === actor?.id;
  }

  private async filtersOf(query: PartListQuery, actor: Actor | null): Promise<SearchFilters> {
    // One seller's listings, seen by that seller or an admin (the seller dashboard), include the sold ones.
    const ownOrAdmin = isAdmin(actor) || (query.sellerId !== undefined && query.sellerId === actor?.id);
    const fitsVehicle =
      query.fitsVehicle && this.vehicles ? await this.vehicles.vehicleFilter(query.fitsVehicle, actor, { confirmedOnly: query.confirmedOnly === true }) : undefined;
    return {
      fitsVehicle,
      visibility: !ownOrAdmin ? 'public' : query.sellerId !== undefined ? 'listed' : 'active',
      category: query.category,
      make: query.make,
      yearFrom: query.yearFrom,
      yearTo: query.yearTo,
      sellerId: query.sellerId,
      condition: query.condition,
      minPriceCents: query.minPrice,
      maxPriceCents: query.maxPrice,
    };
  }

  private async prepared(search: PartSearch, q: string | undefined) {
    if (!q) return null;
    const prepared = await search.prepare(q);
    return prepared.text || prepared.partNumbers.length ? prepared : null;
  }

  /** A page of parts matching the query, with the total count (for "Load More Parts"). */
  async search(query: PartListQuery, actor: Actor | null): Promise<PartPage> {
    const search = new PartSearch(this.db, this.knownWords, this.countBound, this.commonTexts);
    const prepared = await this.prepared(search, query.q);
    const filters = await this.filtersOf(query, actor);
    const sort = query.sort ?? (prepared ? 'relevance' : 'newest');
    const after = query.after === undefined ? null : decodeCursor(query.after, searchKeys(sort, prepared !== null));
    if (query.after !== undefined && !after) throw Errors.invalid('invalid_cursor', 'Not a valid cursor for this search');
    const { rows, total, exact, next, interchangeIds } = await search.results(filters, prepared, sort, { limit: query.limit, offset: query.offset, after });
    const { parts, fitments, numbers } = snapshotsOf(rows);
    const labels = await interchangeLabels(this.db, interchangeIds, prepared?.partNumbers ?? []);
    const dtos = await this.toDtos(parts, fitments, numbers);
    return {
      rows: dtos.map((dto) => (labels.has(dto.id) ? { ...dto, interchangeableWith: labels.get(dto.id)! } : dto)),
      total,
      totalExact: exact,
      nextCursor: next,
      correctedQuery: prepared?.corrected ?? null,
      unmatchedWords: total === 0 ? (prepared?.unmatched ?? []) : [],
    };
  }

  /** Matches per category, make, decade and price band for the query (each facet ignoring its own filter). */
  async facets(query: PartListQuery, actor: Actor | null): Promise<PartFacetsDto> {
    const search = new PartSearch(this.db, this.knownWords, this.countBound);
    const prepared = await this.prepared(search, query.q);
    const filters = await this.filtersOf(query, actor);
    const [count, facets] = [await search.count(filters, prepared), await search.facets(filters, prepared)];
    return { total: count.total, totalExact: count.exact, ...facets, correctedQuery: prepared?.corrected ?? null };
  }

  /** One part; unknown and non-visible ids are a 404. */
  async get(id: string, actor: Actor | null): Promise<PartDto> {
    const row = await this.partRows.read(id);
    if (!row) throw Errors.notFound('Part');
    const { parts, fitments, numbers } = snapshotsOf([row]);
    const part = parts[0]!;
    if (!this.canSee(part, actor)) throw Errors.notFound('Part');
    // Buyers' fitment reports of this listing, of its part number and of the numbers interchangeable with it: the
    // part's row carries its number and interchangeable numbers, so the reports are one statement, beside the DTO's.
    const key = { id: part.id, partNumberNorm: row.part_number_norm, interchangeNorms: row.interchange };
    const [[dto], evidence] = await Promise.all([this.toDtos([part], fitments, numbers), this.evidence?.evidence([key])]);
    return { ...dto!, fitmentEvidence: evidence?.get(part.id) ?? [] };
  }

  /** Parts by id for other modules (no visibility rule: callers decide). */
  async findByIds(ids: string[]): Promise<PartDto[]> {
    if (!ids.length) return [];
    return this.toDtos(await this.database.em.find(Part, { id: { $in: ids } }));
  }

  private async fitmentsOf(ids: string[]): Promise<Map<string, PartFitment[]>> {
    const rows = await this.database.em.find(PartFitment, { partId: { $in: ids } }, { orderBy: { partId: 'asc', position: 'asc' } });
    const byPart = new Map<string, PartFitment[]>();
    for (const f of rows) byPart.set(f.partId, [...(byPart.get(f.partId) ?? []), f]);
    return byPart;
  }

  private async numbersOf(ids: string[]): Promise<Map<string, PartNumberDto[]>> {
    const rows = await this.database.em.find(PartNumber, { partId: { $in: ids } }, { orderBy: { partId: 'asc', position: 'asc' } });
    const byPart = new Map<string, PartNumberDto[]>();
    for (const n of rows) byPart.set(n.partId, [...(byPart.get(n.partId) ?? []), { number: n.number, kind: n.kind }]);
    return byPart;
  }

  /**
   * DTOs with category, make and seller (shop) names and vehicle entries: one query for the fitments; the names
   * come from CatalogLookups (in memory once read; sellers looked up together, never one per part).
   * `fitments` are the parts' vehicle entries when already read (readParts), else they are read here.
   */
  async toDtos(parts: Part[], fitments?: ReadonlyMap<string, PartFitment[]>, numbers?: ReadonlyMap<string, PartNumberDto[]>): Promise<PartDto[]> {
    if (!parts.length) return [];
    const ids = parts.map((p) => p.id);
    const [refs, byPart, sellerNames, openAuctions, numbersByPart] = await Promise.all([
      this.lookups.get({ categories: parts.map((p) => p.category), makes: parts.map((p) => p.make) }),
      fitments ?? this.fitmentsOf(ids),
      this.lookups.sellerNames(parts.map((p) => p.sellerId)),
      this.holds.openAuctions(ids),
      numbers ?? this.numbersOf(ids),
    ]);
    const ctx = {
      categoryNames: refs.categoryNames,
      makeNames: refs.makeNames,
      sellerNames,
      fitments: byPart,
      openAuctions,
      numbers: numbersByPart,
    };
    return parts.map((p) => toPartDto(p, ctx));
  }
}
