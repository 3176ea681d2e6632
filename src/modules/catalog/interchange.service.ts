import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { Errors } from '../../platform/errors.js';
import { consolePageOptions, type ConsolePage } from '../../platform/http/admin-rest.js';
import { partsPerNumber } from './interchange.repository.js';
import type { InterchangeGroupDto } from './interchange.dto.js';
import type { InterchangeGroupInput } from './interchange.schemas.js';
import { InterchangeGroup, InterchangeNumber } from './part-number.entity.js';
import { normalizePartNumber } from './search.words.js';

export const INTERCHANGE_SORT = ['name', 'createdAt', 'updatedAt'] as const;

/** The console's interchange groups: a search for any number of a group also finds parts carrying the others. */
@injectable()
export class InterchangeService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async list(filter: { q?: string; ids?: string[] }, page: ConsolePage): Promise<{ rows: InterchangeGroupDto[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (filter.ids) where.id = { $in: filter.ids };
    if (filter.q) {
      const norm = normalizePartNumber(filter.q);
      const byNumber = norm ? await this.db.em.find(InterchangeNumber, { numberNorm: norm }, { fields: ['groupId'] }) : [];
      where.$or = [{ name: { $ilike: `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } }, { id: { $in: byNumber.map((n) => n.groupId) } }];
    }
    const [groups, total] = await this.db.em.findAndCount(InterchangeGroup, where, consolePageOptions(page));
    return { rows: await this.toDtos(groups), total };
  }

  async get(id: string): Promise<InterchangeGroupDto> {
    const group = await this.db.em.findOne(InterchangeGroup, { id });
    if (!group) throw Errors.notFound('Interchange group');
    return (await this.toDtos([group]))[0]!;
  }

  async create(input: InterchangeGroupInput): Promise<InterchangeGroupDto> {
    const id = await this.db.transaction(async (em) => {
      const now = this.clock.now();
      const group = em.create(InterchangeGroup, { name: input.name, createdAt: now, updatedAt: now });
      await em.flush();
      input.numbers.forEach((number, position) => em.create(InterchangeNumber, { groupId: group.id, position, number }));
      await em.flush();
      return group.id;
    });
    return this.get(id);
  }

  async update(id: string, input: InterchangeGroupInput): Promise<InterchangeGroupDto> {
    await this.db.transaction(async (em) => {
      const group = await em.findOne(InterchangeGroup, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      if (!group) throw Errors.notFound('Interchange group');
      group.name = input.name;
      group.updatedAt = this.clock.now();
      await em.nativeDelete(InterchangeNumber, { groupId: id });
      input.numbers.forEach((number, position) => em.create(InterchangeNumber, { groupId: id, position, number }));
      await em.flush();
    });
    return this.get(id);
  }

  /** Deletes the group (its numbers go with it); answers the deleted record, as react-admin expects. */
  async remove(id: string): Promise<InterchangeGroupDto> {
    const dto = await this.get(id);
    await this.db.em.nativeDelete(InterchangeGroup, { id });
    return dto;
  }

  private async toDtos(groups: InterchangeGroup[]): Promise<InterchangeGroupDto[]> {
    if (!groups.length) return [];
    const numbers = await this.db.em.find(
      InterchangeNumber,
      { groupId: { $in: groups.map((g) => g.id) } },
      { orderBy: { groupId: 'asc', position: 'asc' }, populate: ['numberNorm'] },
    );
    const counts = await partsPerNumber(this.db.runner('read'), numbers.map((n) => n.numberNorm ?? ''));
    return groups.map((g) => {
      const own = numbers.filter((n) => n.groupId === g.id);
      return {
        id: g.id,
        name: g.name,
        numbers: own.map((n) => n.number),
        numberParts: own.map((n) => ({ number: n.number, parts: counts.get(n.numberNorm ?? '') ?? 0 })),
        createdAt: g.createdAt.toISOString(),
        updatedAt: g.updatedAt.toISOString(),
      };
    });
  }
}
