import type { SqlExecutor } from '../../platform/db/pg-transaction.js';
import { formatCents, storedCents } from '../../platform/money.js';
import type { OfferCancelReason, OfferKind, OfferSide, OfferStatus, OfferStepDto } from './offer.dto.js';
import type { OfferState } from './offer.rules.js';

/** One row of `offers`, money in cents. */
export interface OfferRow extends OfferState {
  id: string;
  partId: string;
  sellerId: string;
  buyerId: string;
  auctionId: string | null;
  message: string | null;
  declineReason: string | null;
  orderId: string | null;
  cancelReason: OfferCancelReason | null;
  createdAt: Date;
  updatedAt: Date;
}

export const OFFER_COLUMNS = `id, kind, part_id, seller_id, buyer_id, auction_id, status, amount::text as amount,
  floor_amount::text as floor_amount, turn, rounds, message, decline_reason, order_id, cancel_reason, expires_at, created_at, updated_at`;

const cents = (v: unknown) => (v === null || v === undefined ? null : storedCents(v as string));

export function toOfferRow(r: Record<string, unknown>): OfferRow {
  return {
    id: r.id as string,
    kind: r.kind as OfferKind,
    partId: r.part_id as string,
    sellerId: r.seller_id as string,
    buyerId: r.buyer_id as string,
    auctionId: (r.auction_id as string | null) ?? null,
    status: r.status as OfferStatus,
    amountCents: cents(r.amount),
    floorCents: cents(r.floor_amount),
    turn: r.turn as OfferSide | 'either',
    rounds: r.rounds as number,
    message: (r.message as string | null) ?? null,
    declineReason: (r.decline_reason as string | null) ?? null,
    orderId: (r.order_id as string | null) ?? null,
    cancelReason: (r.cancel_reason as OfferCancelReason | null) ?? null,
    expiresAt: new Date(r.expires_at as string),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

/** One offer, `lock`ed for update when asked. */
export async function readOffer(em: SqlExecutor, id: string, lock = false): Promise<OfferRow | null> {
  const rows = await em.execute<Record<string, unknown>[]>(`select ${OFFER_COLUMNS} from offers where id = ?${lock ? ' for update' : ''}`, [id]);
  return rows[0] ? toOfferRow(rows[0]) : null;
}

/**
 * Serialises every change to the offers of one part (new offers, answers, expiry) until the transaction ends:
 * two accepts at once, or an accept and a new offer, run one after the other, so one part gets one order.
 */
export async function lockPart(em: SqlExecutor, partId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended('offers:part:' || ?::text, 0))`, [partId]);
}

/** Records one step of a negotiation. */
export async function addStep(
  em: SqlExecutor,
  offerId: string,
  actor: OfferStepDto['actor'],
  action: OfferStepDto['action'],
  amountCents: number | null,
  message: string | null,
  at: Date,
): Promise<void> {
  await em.execute('insert into offer_steps (offer_id, actor, action, amount, message, created_at) values (?, ?, ?, ?, ?, ?)', [
    offerId,
    actor,
    action,
    amountCents === null ? null : formatCents(amountCents),
    message,
    at.toISOString(),
  ]);
}

/** The steps of several offers, oldest first, by offer id. */
export async function readSteps(em: SqlExecutor, ids: string[]): Promise<Map<string, OfferStepDto[]>> {
  const out = new Map<string, OfferStepDto[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await em.execute<{ offer_id: string; actor: OfferStepDto['actor']; action: OfferStepDto['action']; amount: string | null; message: string | null; created_at: Date }[]>(
    `select offer_id, actor, action, amount::text as amount, message, created_at from offer_steps where offer_id = any(?::uuid[]) order by id`,
    [`{${ids.join(',')}}`],
  );
  for (const r of rows) {
    out.get(r.offer_id)?.push({ actor: r.actor, action: r.action, amount: r.amount, message: r.message, createdAt: new Date(r.created_at).toISOString() });
  }
  return out;
}

export const money = (c: number | null): string | null => (c === null ? null : formatCents(c));
