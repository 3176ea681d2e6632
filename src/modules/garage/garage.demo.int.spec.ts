import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { modules } from '../../modules.js';
import { clearDemo, seedDemo } from '../../platform/demo/demo.runner.js';
import { applyReferenceData } from '../../platform/reference-data.js';

describe('demo garages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await applyReferenceData(t.rt.container, modules);
  }, 60_000);
  afterAll(() => t?.close());

  const counts = async () =>
    (
      await t.sql<{ vehicles: number; alerts: number; watches: number; points: number; owners: number; messages: number }>(
        `select (select count(*)::int from buyer_garage) as vehicles, (select count(*)::int from part_alerts) as alerts,
                (select count(*)::int from market_watch) as watches, (select count(*)::int from price_history) as points,
                (select count(distinct user_id)::int from buyer_garage) as owners, (select count(*)::int from messages) as messages`,
      )
    )[0]!;

  const fitCounts = async () =>
    (
      await t.sql<{ reports: number; questions: number; groups: number }>(
        `select (select count(*)::int from fitment_reports) as reports, (select count(*)::int from fitment_questions) as questions,
                (select count(*)::int from interchange_groups) as groups`,
      )
    )[0]!;

  it('gives demo buyers vehicles, alerts and watched parts with a price line, once; clear-demo removes them', async () => {
    const summary = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 60 }));
    expect(summary.join('\n')).toMatch(/garage: [1-9]\d* vehicles, [1-9]\d* alerts, [1-9]\d* watched items added/);
    const first = await counts();
    expect(first.owners).toBeGreaterThan(3);
    // Every demo car has its alert, but the fitment demo's two (the engine-swapped Camaro and the stock Nova).
    expect(first.alerts).toBe(first.vehicles - 2);
    expect(first.points).toBe(first.watches * 2);
    // The fitment demo (issue 35): the engine-swapped Camaro, reports on delivered orders, answered questions, the interchange group.
    expect(summary.join('\n')).toMatch(/fitment: 2 answered questions added/);
    expect(summary.join('\n')).toMatch(/fitment: [3-9] reports added/);
    expect(summary.join('\n')).toMatch(/catalog: fitment demo: 4 listings of small-block heads, 1 interchange group added/);
    const [camaro] = await t.sql<{ engine_code: string; modifications: string; vehicle_name: string }>(
      "select vehicle_name, engine_code, modifications from buyer_garage where engine_code = 'LS3'",
    );
    expect(camaro).toEqual({ vehicle_name: '1969 Chevrolet Camaro', engine_code: 'LS3', modifications: 'LS3 swap, T56 gearbox' });
    const fit = await fitCounts();
    expect(fit.questions).toBe(2);
    expect(fit.groups).toBe(1);
    const [group] = await t.sql<{ numbers: string[] }>('select array_agg(number order by position) as numbers from interchange_numbers');
    expect(group!.numbers).toEqual(['3932441', '3970991']);
    // The third 3970991 listing, still on sale, shows the two buyers of the others confirming the fit.
    const [live] = await t.sql<{ id: string }>("select id from parts where part_number = '3970991' and sold_at is null");
    const page = await t.agent().get(`/api/parts/${live!.id}`).expect(200);
    expect(page.body.fitmentEvidence).toEqual([expect.objectContaining({ make: 'Chevrolet', model: 'Camaro', confirmed: 2, didNotFit: 0 })]);
    const questions = await t.agent().get(`/api/parts/${live!.id}/fitment-questions`).expect(200);
    expect(questions.body).toEqual([expect.objectContaining({ vehicle: '1969 Chevrolet Camaro', fits: 'no', answer: expect.stringMatching(/LS heads/) })]);
    const [{ n: answered }] = await t.sql<{ n: number }>('select count(*)::int as n from fitment_questions where answered_at is not null');
    expect(answered).toBe(2);
    // Each in its buyer's and seller's conversation about the part, as the live endpoints post them: the question
    // (naming itself) when asked, the answer when answered, and no unread mail for either.
    expect(summary.join('\n')).toMatch(/fitment: 2 answered questions added, 2 posted to conversations/);
    const posts = await t.sql<{ question_id: string; thread: Array<{ by: string; question: string | null; at: string; content: string }> }>(
      `select q.id as question_id,
              (select json_agg(json_build_object('by', case m.sender_id when q.asker_id then 'asker' when q.seller_id then 'seller' end,
                                                 'question', m.fitment_question_id, 'at', m.created_at = case m.sender_id when q.asker_id then q.asked_at else q.answered_at end,
                                                 'content', m.content) order by m.seq)
                 from conversations c join messages m on m.conversation_id = c.id
                where c.related_item_type = 'part' and c.related_item_id = q.part_id and c.buyer_id = q.asker_id and c.seller_id = q.seller_id) as thread
         from fitment_questions q order by q.asked_at, q.id`,
    );
    expect(posts).toHaveLength(2);
    for (const { question_id, thread } of posts) {
      expect(thread.map((m) => [m.by, m.question, m.at])).toEqual([
        ['asker', question_id, true],
        ['seller', null, true],
      ]);
      expect(thread[0]!.content).toMatch(/^Will it fit my 19\d\d Chevrolet (Camaro|Nova)\?/);
      expect(thread[1]!.content).toMatch(/^Fitment answer for 19\d\d Chevrolet (Camaro|Nova): (Yes, it fits|No, it does not fit)\./);
    }
    const mails = await t.sql(`select key from graphile_worker.jobs where key like 'messaging-unread:%'`);
    expect(mails).toEqual([]);
    const [linked] = await t.sql<{ n: number }>('select count(*)::int as n from part_alerts where garage_vehicle_id is null');
    expect(linked!.n).toBe(0);

    const again = await t.inContext(() => seedDemo(t.rt.container, modules, { parts: 60 }));
    expect(again.join('\n')).toMatch(/garage: 0 vehicles, 0 alerts, 0 watched items added/);
    expect(again.join('\n')).toMatch(/fitment: 0 answered questions added, 0 posted to conversations/);
    expect(again.join('\n')).toMatch(/fitment: 0 reports added/);
    expect(await counts()).toEqual(first);
    expect(await fitCounts()).toEqual(fit);

    const cleared = await t.inContext(() => clearDemo(t.rt.container, modules));
    expect(cleared.join('\n')).toMatch(new RegExp(`garage: ${first.vehicles} vehicles, ${first.alerts} alerts, ${first.watches} watched items removed`));
    expect(cleared.join('\n')).toMatch(new RegExp(`fitment: ${fit.reports} reports, ${fit.questions} questions removed`));
    expect(await counts()).toMatchObject({ vehicles: 0, alerts: 0, watches: 0, points: 0, messages: 0 });
    expect(await fitCounts()).toEqual({ reports: 0, questions: 0, groups: 0 });
  }, 120_000);
});
