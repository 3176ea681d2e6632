import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { fastUser, type TestUser } from '../../../test/auctions.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { storedPhoto } from '../../../test/returns.fixtures.js';
import { catalogModule } from '../catalog/index.js';
import type { ConversationDto, MessageDto } from '../messaging/index.js';
import type { FitmentQuestionDetailDto, FitmentQuestionDto } from './fitment-question.dto.js';
import { FitmentQuestionService } from './fitment-question.service.js';

describe('"Will it fit my ...?"', () => {
  let t: TestApp;
  let buyer: TestUser;
  let seller: TestUser;
  let other: TestUser;
  let partId: string;
  let hiddenPartId: string;
  let vehicleId: string;
  let othersVehicleId: string;
  let photo: string;

  beforeAll(async () => {
    t = await startTestApp();
    await catalogModule.seed!(t.rt.container);
    buyer = await fastUser(t, 'fit_buyer');
    seller = await fastUser(t, 'fit_seller');
    other = await fastUser(t, 'fit_other');
    [partId] = await insertParts(t, seller.id, 1, { title: 'Cylinder head', description: 'A 901 head.', category: 'engine', make: 'porsche' });
    [hiddenPartId] = await insertParts(t, seller.id, 1, { title: 'Hidden head', description: 'Not approved.', category: 'engine', make: 'porsche', approved: false });
    vehicleId = (await buyer.agent.post('/api/garage').send({ make: 'porsche', model: '911', yearStart: 1967, yearEnd: 1967 }).expect(201)).body.id;
    othersVehicleId = (await other.agent.post('/api/garage').send({ make: 'ford', model: 'Mustang' }).expect(201)).body.id;
    photo = await storedPhoto(t, 'abcdefabcdefabcdefabcdefabcdef01');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const ask = (who: TestUser, body: Record<string, unknown>, part = partId) => who.agent.post(`/api/parts/${part}/fitment-questions`).send(body);
  /** The thread of `who`'s one conversation, as the messages page reads it. */
  const thread = async (who: TestUser): Promise<MessageDto[]> => {
    const [c] = (await who.agent.get('/api/conversations').expect(200)).body as ConversationDto[];
    return (await who.agent.get(`/api/conversations/${c!.id}/messages`).expect(200)).body as MessageDto[];
  };

  it('lets a buyer ask about their own vehicle, with photos, and posts it to the conversation with the seller', async () => {
    const res = await ask(buyer, { vehicleId, question: 'My casting number is 901/02. Will it bolt on?', photos: [photo] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const q = res.body as FitmentQuestionDetailDto;
    expect(q).toMatchObject({ partId, vehicleId, vehicle: '1967 Porsche 911', fits: null, answer: null, answeredAt: null, photos: [{ url: photo }] });
    const inbox = await seller.agent.get('/api/conversations').expect(200);
    expect(inbox.body).toHaveLength(1);
    const rows = await t.sql<{ content: string; sender_id: string }>('select content, sender_id from messages order by created_at');
    expect(rows.at(-1)).toMatchObject({ sender_id: buyer.id });
    expect(rows.at(-1)!.content).toContain('Will it fit my 1967 Porsche 911?');
    expect(rows.at(-1)!.content).toContain(photo);
    // The seller's thread names the question on its message, for the answer control there.
    expect((await thread(seller)).at(-1)).toMatchObject({ senderId: buyer.id, fitmentQuestionId: q.id });
  });

  it('refuses signed-out askers, the seller, a vehicle of someone else, unknown vehicles and hidden parts', async () => {
    await t.agent().post(`/api/parts/${partId}/fitment-questions`).send({ vehicleId, question: 'Fits?' }).expect(401);
    await ask(seller, { vehicleId, question: 'Fits?' }).expect(403);
    await ask(buyer, { vehicleId: othersVehicleId, question: 'Fits?' }).expect(403);
    await ask(buyer, { vehicleId: '00000000-0000-4000-8000-000000000000', question: 'Fits?' }).expect(404);
    await ask(buyer, { vehicleId, question: 'Fits?' }, hiddenPartId).expect(404);
  });

  it('answers 400 with field messages for a bad body or a photo that is not stored', async () => {
    const bad = await ask(buyer, { vehicleId: 'nope', question: '  ', photos: ['https://example.com/x.jpg'] }).expect(400);
    expect(bad.body.errors).toMatchObject({
      vehicleId: 'Choose one of your garage vehicles',
      question: 'Ask your question about the fit',
      'photos.0': 'Each photo must be a Pitlane upload (JPEG or PNG)',
    });
    const missing = await ask(buyer, { vehicleId, question: 'Fits?', photos: ['/api/uploads/files/ffffffffffffffffffffffffffffffff.jpg'] }).expect(400);
    expect(missing.body).toMatchObject({ code: 'upload_not_found' });
  });

  it('lets only the seller answer, once, and posts the answer to the conversation', async () => {
    t.clock.advance(60_000);
    const { body: q } = await ask(buyer, { vehicleId, question: 'Same flange as the 2.0?' }).expect(201);
    await buyer.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'yes', answer: 'Sure' }).expect(403);
    await other.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'yes', answer: 'Sure' }).expect(403);
    await t.agent().post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'yes', answer: 'Sure' }).expect(401);
    const bad = await seller.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'maybe', answer: '' }).expect(400);
    expect(bad.body.errors).toMatchObject({ fits: 'Say whether it fits: yes, no or unsure', answer: 'Write your answer' });
    t.clock.advance(60_000);
    const res = await seller.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'yes', answer: 'Same flange, it bolts on.' }).expect(200);
    expect(res.body).toMatchObject({ id: q.id, fits: 'yes', answer: 'Same flange, it bolts on.' });
    expect(res.body.answeredAt).toEqual(expect.any(String));
    await seller.agent.post(`/api/fitment-questions/${q.id}/answer`).send({ fits: 'no', answer: 'Changed my mind' }).expect(409);
    await seller.agent.post('/api/fitment-questions/00000000-0000-4000-8000-000000000000/answer').send({ fits: 'no', answer: 'x' }).expect(404);
    const [last] = await t.sql<{ content: string; sender_id: string }>('select content, sender_id from messages order by created_at desc limit 1');
    expect(last).toMatchObject({ sender_id: seller.id, content: 'Fitment answer for 1967 Porsche 911: Yes, it fits.\n\nSame flange, it bolts on.' });
    // In the buyer's thread: the question names itself, the answer (and any typed message) names nothing.
    await buyer.agent.post(`/api/conversations/${(await buyer.agent.get('/api/conversations')).body[0].id}/messages`).send({ content: 'Thanks!' }).expect(201);
    const messages = await thread(buyer);
    expect(messages.slice(-3).map((m) => [m.senderId, m.fitmentQuestionId])).toEqual([
      [buyer.id, q.id],
      [seller.id, null],
      [buyer.id, null],
    ]);
  });

  it('posts a stored question and its answer dated when they happened, with no unread mail (the demo\'s questions)', async () => {
    // A question stored as the demo stores it, from another buyer (no conversation with the seller yet).
    const askedAt = new Date(t.clock.now().getTime() - 7 * 86_400_000);
    const answeredAt = new Date(askedAt.getTime() + 3_600_000);
    const [q] = await t.sql<{ id: string }>(
      `insert into fitment_questions (id, part_id, seller_id, asker_id, vehicle_id, vehicle_name, question, fits, answer, asked_at, answered_at)
       values (gen_random_uuid(), $1, $2, $3, $4, 'Ford Mustang', 'Does it take the 2.2 pistons?', 'unsure', 'Measure the bore first.', $5, $6) returning id`,
      [partId, seller.id, other.id, othersVehicleId, askedAt, answeredAt],
    );
    const questions = t.rt.container.get(FitmentQuestionService);
    expect(await t.inContext(() => t.rt.db.transaction(() => questions.postToConversations([q!.id])))).toBe(1);
    const [c] = (await other.agent.get('/api/conversations').expect(200)).body as ConversationDto[];
    expect(c).toMatchObject({ subject: 'Will it fit? Cylinder head 1', lastMessageAt: answeredAt.toISOString() });
    const [question, answer] = await thread(other);
    expect(question).toMatchObject({ senderId: other.id, fitmentQuestionId: q!.id, createdAt: askedAt.toISOString() });
    expect(question!.content).toContain('Does it take the 2.2 pistons?');
    expect(answer).toMatchObject({ senderId: seller.id, fitmentQuestionId: null, createdAt: answeredAt.toISOString(), content: expect.stringContaining('Not sure') });
    expect(await t.sql('select key from graphile_worker.jobs where key like $1', [`messaging-unread:${c!.id}:%`])).toEqual([]);
  });

  it('lists the questions publicly, newest first, with the total and without the asker or photos', async () => {
    const res = await t.agent().get(`/api/parts/${partId}/fitment-questions`).expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.body as FitmentQuestionDto[];
    expect(list.map((q) => q.question)).toEqual(['Same flange as the 2.0?', 'My casting number is 901/02. Will it bolt on?', 'Does it take the 2.2 pistons?']);
    for (const q of list) expect(Object.keys(q).sort()).toEqual(['answer', 'answeredAt', 'askedAt', 'fits', 'id', 'question', 'vehicle']);
    expect(JSON.stringify(res.body)).not.toContain(buyer.id);
    const page = await t.agent().get(`/api/parts/${partId}/fitment-questions?limit=1&offset=1`).expect(200);
    expect(page.body).toHaveLength(1);
    await t.agent().get('/api/parts/00000000-0000-4000-8000-000000000000/fitment-questions').expect(404);
    await t.agent().get(`/api/parts/${partId}/fitment-questions?limit=0`).expect(400);
  });
});
