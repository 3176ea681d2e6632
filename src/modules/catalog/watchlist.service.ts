import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { Favorite } from './favorite.entity.js';
import { addFavoriteOnce } from './favorite.repository.js';
import { Part } from './part.entity.js';
import type { PartImageDto, WatchlistEntryDto } from './part.dto.js';
import { decimalString, toImageDto } from './part.mapper.js';
import { PartService } from './part.service.js';
import { Database } from '../../platform/db/database.js';

/** The photo marked primary (every saved listing has exactly one), else the first. */
function primaryImage(part: Part): PartImageDto | null {
  const image = part.images.find((i) => i.isPrimary) ?? part.images[0];
  return image ? toImageDto(image) : null;
}

const toEntry = (f: Favorite, part: Part): WatchlistEntryDto => ({
  id: f.id,
  partId: f.partId,
  userId: f.userId,
  partTitle: part.title,
  partDescription: part.description,
  partPrice: decimalString(part.price),
  partCategory: part.category,
  partCondition: part.condition,
  partLocation: part.location,
  partImage: primaryImage(part),
  isPartAvailable: part.isActive && part.isApproved,
  createdAt: f.createdAt.toISOString(),
});

/** The signed-in user's watchlist of parts. */
@injectable()
export class WatchlistService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(PartService) private readonly parts: PartService,
  ) {}

  private async entries(favorites: Favorite[]): Promise<WatchlistEntryDto[]> {
    const parts = await this.db.em.find(Part, { id: { $in: favorites.map((f) => f.partId) } });
    const byId = new Map(parts.map((p) => [p.id, p]));
    return favorites.flatMap((f) => {
      const part = byId.get(f.partId);
      return part ? [toEntry(f, part)] : [];
    });
  }

  /** The user's entries, newest first. */
  async list(actor: Actor, page: { limit: number; offset: number }): Promise<{ rows: WatchlistEntryDto[]; total: number }> {
    const [favorites, total] = await this.db.em.findAndCount(
      Favorite,
      { userId: actor.id },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: await this.entries(favorites), total };
  }

  /** Adds a part the user can see; adding it again returns the existing entry (`created` false). */
  async add(actor: Actor, partId: string): Promise<{ entry: WatchlistEntryDto; created: boolean }> {
    const part = await this.db.em.findOne(Part, { id: partId });
    if (!part || !this.parts.canSee(part, actor)) throw Errors.notFound('Part');
    const created = await addFavoriteOnce(this.db.em, actor.id, partId, this.clock.now().toISOString());
    const favorite = await this.db.em.findOneOrFail(Favorite, { userId: actor.id, partId }, { refresh: true });
    return { entry: toEntry(favorite, part), created };
  }

  /** Removes one of the user's own entries; others' entries are a 404. */
  async remove(actor: Actor, id: string): Promise<{ id: string; removed: true }> {
    const deleted = await this.db.em.nativeDelete(Favorite, { id, userId: actor.id });
    if (!deleted) throw Errors.notFound('Watchlist entry');
    return { id, removed: true };
  }
}
