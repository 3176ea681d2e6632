import type { RequestHandler, Response, Router } from 'express';
import { z, type ZodType } from 'zod';
import { AppError } from '../errors.js';
import { parseOrThrow } from './validate.js';

/** The query of a ra-data-simple-rest list call: `sort=["f","ASC"]&range=[0,24]&filter={...}`. */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

export const adminListQuery = z.object({
  sort: jsonParam(z.tuple([z.string().min(1), z.enum(['ASC', 'DESC', 'asc', 'desc'])])),
  range: jsonParam(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  filter: jsonParam(z.record(z.string(), z.unknown())),
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

export interface ListSpec<F extends string, Filter> {
  /** Fields the list may be sorted by (API names) besides `id`, which every list may be sorted by (react-admin's default sort). */
  sortable: readonly F[];
  defaultSort: [F, 'ASC' | 'DESC'];
  maxPage?: number;
  /**
   * The resource's filters besides `id` (a zod object; `z.object({})` for none): a bad value is a 400 naming
   * the filter, keys it does not name are dropped, and only what it outputs reaches the service.
   */
  filter: ZodType<Filter>;
}

export interface ListRequest<F extends string, Filter> {
  orderBy: Record<F, 'asc' | 'desc'>;
  offset: number;
  limit: number;
  filter: Filter;
  /** Ids from ra's getMany: `filter={"id":[...]}` or `filter={"id":"..."}`, each a uuid. */
  ids?: string[];
}

/** At most this many ids in one getMany. */
export const MAX_FILTER_IDS = 1000;
const oneId = z.uuid({ message: 'Not a valid id' });
const idFilters = {
  one: z.object({ id: oneId }),
  many: z.object({ id: z.array(oneId).max(MAX_FILTER_IDS, `At most ${MAX_FILTER_IDS} ids at once`) }),
};

/** Turns a simple-rest list query into ORM paging and the resource's parsed filter; anything bad is a 400. */
export function parseAdminList<F extends string, Filter>(query: AdminListQuery, spec: ListSpec<F, Filter>): ListRequest<F, Filter> {
  const [field, direction] = query.sort ?? spec.defaultSort;
  if (field !== 'id' && !spec.sortable.includes(field as F)) {
    throw new AppError('invalid', 'validation_failed', `Cannot sort by ${field}`, { sort: `Cannot sort by ${field}` });
  }
  const [from, to] = query.range ?? [0, 24];
  const limit = Math.min(Math.max(to - from + 1, 1), spec.maxPage ?? 100);
  const { id, ...rest } = query.filter ?? {};
  let ids: string[] | undefined;
  if (Array.isArray(id)) ids = parseOrThrow(idFilters.many, { id }).id;
  else if (id !== undefined) ids = [parseOrThrow(idFilters.one, { id }).id];
  return {
    orderBy: { [field]: direction.toLowerCase() } as Record<F, 'asc' | 'desc'>,
    offset: from,
    limit,
    filter: parseOrThrow(spec.filter, rest),
    ids,
  };
}

/** The page of a console list that a service reads (a ListRequest's paging). */
export interface ConsolePage {
  offset: number;
  limit: number;
  orderBy: Record<string, 'asc' | 'desc'>;
}

/** The order of a console page: the chosen one, then the id, so rows with equal sort keys keep their place across pages. */
export function consoleOrder(orderBy: Record<string, 'asc' | 'desc'>): Record<string, 'asc' | 'desc'> {
  return { ...orderBy, id: orderBy.id ?? 'asc' };
}

/** ORM find options of a console page (see consoleOrder). */
export function consolePageOptions(page: ConsolePage) {
  return { offset: page.offset, limit: page.limit, orderBy: consoleOrder(page.orderBy) };
}

/**
 * Answers the methods a console resource does not allow with a 405 and `{message, code}` (and `Allow`), instead
 * of the API's 404 for an unknown route: `refuseMethods(router, '/parts/:id', ['PUT', 'DELETE'], 'GET', '...')`.
 */
export function refuseMethods(router: Router, path: string, methods: readonly ('PUT' | 'PATCH' | 'DELETE' | 'POST')[], allow: string, message: string): void {
  const refuse: RequestHandler = (_req, res) => {
    res.set('Allow', allow);
    throw new AppError('not_allowed', 'method_not_allowed', message);
  };
  for (const method of methods) router[method.toLowerCase() as 'put' | 'patch' | 'delete' | 'post'](path, refuse);
}

/** Sends a page of records with the Content-Range header ra-data-simple-rest reads. */
export function sendAdminList(res: Response, resource: string, rows: unknown[], offset: number, total: number): void {
  const end = rows.length ? offset + rows.length - 1 : offset;
  res.set('Content-Range', `${resource} ${offset}-${end}/${total}`);
  res.set('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}
