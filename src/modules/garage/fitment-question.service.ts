import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ListPage } from '../../platform/http/validate.js';
import { CatalogApi } from '../catalog/index.js';
import { MessagingApi } from '../messaging/index.js';
import { FitEvidence, type FitEvidenceDto } from '../returns/index.js';
import type { FitmentQuestionDetailDto, FitmentQuestionDto } from './fitment-question.dto.js';
import { FitmentQuestion } from './fitment-question.entity.js';
import { answerMessage, answerRefusal, askRefusal, confirmingAnswer, questionMessage, type Refusal } from './fitment-question.rules.js';
import type { FitmentAnswerCreate, FitmentQuestionCreate } from './fitment-question.schemas.js';
import { GarageVehicle } from './vehicle.entity.js';

const refuse = (r: Refusal): never => {
  throw new AppError(r.kind, r.code, r.kind === 'not_found' ? `${r.message} not found` : r.message);
};

const toDto = (q: FitmentQuestion): FitmentQuestionDto => ({
  id: q.id,
  vehicle: q.vehicleName,
  question: q.question,
  fits: q.fits ?? null,
  answer: q.answer ?? null,
  askedAt: q.askedAt.toISOString(),
  answeredAt: q.answeredAt ? q.answeredAt.toISOString() : null,
});
const toDetailDto = (q: FitmentQuestion): FitmentQuestionDetailDto => ({ ...toDto(q), partId: q.partId, vehicleId: q.vehicleId ?? null, photos: q.photos });
/** An answered "yes" as a return's evidence. */
const toEvidence = (q: FitmentQuestion): FitEvidenceDto => ({
  id: q.id,
  partId: q.partId,
  vehicle: q.vehicleName,
  question: q.question,
  photos: q.photos,
  fits: 'yes',
  answer: q.answer ?? '',
  askedAt: q.askedAt.toISOString(),
  answeredAt: (q.answeredAt ?? q.askedAt).toISOString(),
});

/**
 * "Will it fit my ...?" (issue 35): a buyer asks a part's seller about one garage vehicle, the seller answers once,
 * both go into their conversation about the part, and the part page lists them without the asker. A seller's
 * "yes" given before an order is the evidence a return of "doesn't fit" rests on (FitEvidence).
 */
@injectable()
export class FitmentQuestionService extends FitEvidence {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
    @inject(CatalogApi) private readonly catalog: CatalogApi,
    @inject(MessagingApi) private readonly messaging: MessagingApi,
  ) {
    super();
  }

  /** The actor's question about a public part they do not sell, for a vehicle of their own garage. */
  async ask(actor: Actor, partId: string, input: FitmentQuestionCreate): Promise<FitmentQuestionDetailDto> {
    const [part] = await this.catalog.partCards([partId]);
    const vehicle = await this.db.em.findOne(GarageVehicle, { id: input.vehicleId });
    const refusal = askRefusal(
      part ? { sellerId: part.sellerId, isPublic: part.isActive && part.isApproved } : null,
      vehicle?.userId ?? null,
      actor.id,
    );
    if (refusal) refuse(refusal);
    return this.db.transaction(async (em) => {
      const row = em.create(FitmentQuestion, {
        partId,
        sellerId: part!.sellerId,
        askerId: actor.id,
        vehicleId: vehicle!.id,
        vehicleName: vehicle!.vehicleName,
        question: input.question,
        photos: input.photos,
        askedAt: this.clock.now(),
      });
      await em.flush();
      await this.postQuestion(row, part!.title);
      return toDetailDto(row);
    });
  }

  /** The seller's one answer (403 for anyone else, 409 once answered, even by a concurrent answer). */
  async answer(actor: Actor, questionId: string, input: FitmentAnswerCreate): Promise<FitmentQuestionDetailDto> {
    return this.db.transaction(async (em) => {
      const q = await em.findOne(FitmentQuestion, { id: questionId });
      const refusal = answerRefusal(q ? { sellerId: q.sellerId, fits: q.fits ?? null } : null, actor.id);
      if (refusal) refuse(refusal);
      const now = this.clock.now();
      const updated = await em.nativeUpdate(FitmentQuestion, { id: questionId, fits: null }, { fits: input.fits, answer: input.answer, answeredAt: now });
      if (updated !== 1) refuse(answerRefusal({ sellerId: actor.id, fits: 'unsure' }, actor.id)!);
      const row = q!;
      Object.assign(row, { fits: input.fits, answer: input.answer, answeredAt: now });
      await this.postAnswer(row);
      return toDetailDto(row);
    });
  }

  /**
   * Posts stored questions into their buyer's and seller's conversations as they happened: each question dated when
   * asked and its answer, if any, when answered, with no unread mail (the demo's answered questions). In the
   * caller's transaction; answers how many questions were posted (none where either blocked the other).
   */
  async postToConversations(questionIds: readonly string[]): Promise<number> {
    if (!questionIds.length) return 0;
    const rows = await this.db.em.find(FitmentQuestion, { id: { $in: [...questionIds] } }, { orderBy: { askedAt: 'asc', id: 'asc' } });
    const titles = new Map((await this.catalog.partCards([...new Set(rows.map((q) => q.partId))])).map((p) => [p.id, p.title]));
    let posted = 0;
    for (const q of rows) {
      if (!(await this.postQuestion(q, titles.get(q.partId), q.askedAt))) continue;
      posted++;
      if (q.fits) await this.postAnswer(q, q.answeredAt ?? q.askedAt);
    }
    return posted;
  }

  /** The question's message from its asker, naming the question (the thread's answer control); `at` for the past. */
  private postQuestion(q: FitmentQuestion, partTitle: string | undefined, at?: Date): Promise<boolean> {
    return this.messaging.postAboutPart({
      partId: q.partId,
      buyerId: q.askerId,
      sellerId: q.sellerId,
      senderId: q.askerId,
      subject: partTitle ? `Will it fit? ${partTitle}`.slice(0, 200) : 'Will it fit?',
      content: questionMessage(q.vehicleName, q.question, q.photos),
      fitmentQuestionId: q.id,
      sentAt: at,
    });
  }

  /** The answer's message from the seller; `at` for the past. */
  private postAnswer(q: FitmentQuestion, at?: Date): Promise<boolean> {
    return this.messaging.postAboutPart({
      partId: q.partId,
      buyerId: q.askerId,
      sellerId: q.sellerId,
      senderId: q.sellerId,
      subject: 'Will it fit?',
      content: answerMessage(q.vehicleName, q.fits!, q.answer ?? ''),
      sentAt: at,
    });
  }

  /** The part's questions, newest first, for anyone (the asker withheld); 404 for an unknown part. */
  async list(partId: string, page: { limit: number; offset: number }): Promise<ListPage<FitmentQuestionDto>> {
    const [part] = await this.catalog.partCards([partId]);
    if (!part) refuse({ kind: 'not_found', code: 'not_found', message: 'Part' });
    const [rows, total] = await this.db.em.findAndCount(
      FitmentQuestion,
      { partId },
      { orderBy: { askedAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { rows: rows.map(toDto), total };
  }

  /** The seller's "yes" for `buyerId` about the part, answered by `orderCreatedAt`, or null. */
  async confirmedFit(buyerId: string, partId: string, orderCreatedAt: Date): Promise<FitEvidenceDto | null> {
    const rows = await this.db.em.find(FitmentQuestion, { askerId: buyerId, partId, fits: 'yes' });
    const yes = confirmingAnswer(rows, orderCreatedAt);
    return yes ? toEvidence(yes) : null;
  }

  /** One answered "yes" by id (the evidence a return recorded), or null. */
  async evidence(questionId: string): Promise<FitEvidenceDto | null> {
    const row = await this.db.em.findOne(FitmentQuestion, { id: questionId, fits: 'yes' });
    return row ? toEvidence(row) : null;
  }
}
