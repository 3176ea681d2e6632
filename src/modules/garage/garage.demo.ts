import type { Container } from 'inversify';
import { between, DEMO_KINDS, pick, seededRandom, type DemoContribution, type DemoWorld } from '../../platform/demo/demo.js';
import { FitmentQuestionService } from './fitment-question.service.js';

/** The marks of the garage core's demo records. */
export const DEMO_GARAGE_KINDS = {
  vehicle: 'garage.vehicle',
  alert: 'garage.alert',
  watch: 'garage.watch',
  question: 'garage.fitment-question',
  /** A demo question posted into its conversation (by the question's key): a run adds the posts missing. */
  questionPost: 'garage.fitment-question-post',
  report: 'garage.fitment-report',
} as const;
/** The payments demo's marks of its orders (payments.demo.ts), the orders the demo buyers report on. */
const DEMO_ORDER_KIND = 'payments.order';
/** The catalog demo's marks of its parts and of the fitment demo's listings (catalog.demo.ts). */
const DEMO_PART_KINDS = ['catalog.part', 'catalog.fitment-part'];

const DAY = 24 * 60 * 60 * 1000;

/** Cars demo buyers restore: make slug, model, years, engine, project. */
const CARS = [
  { make: 'porsche', makeName: 'Porsche', model: '911', yearStart: 1969, yearEnd: 1973, engine: '2.4 flat-six', project: 'restoration' },
  { make: 'ford', makeName: 'Ford', model: 'Mustang', yearStart: 1965, yearEnd: 1966, engine: '289 V8', project: 'restoration' },
  { make: 'chevrolet', makeName: 'Chevrolet', model: 'Corvette', yearStart: 1963, yearEnd: 1967, engine: '327 V8', project: 'rebuild' },
  { make: 'jaguar', makeName: 'Jaguar', model: 'E-Type', yearStart: 1961, yearEnd: 1968, engine: '4.2 straight-six', project: 'restoration' },
  { make: 'mg', makeName: 'MG', model: 'MGB', yearStart: 1962, yearEnd: 1980, engine: '1.8 B-series', project: 'maintenance' },
  { make: 'volkswagen', makeName: 'Volkswagen', model: 'Beetle', yearStart: 1967, yearEnd: 1967, engine: '1500 flat-four', project: 'modification' },
  { make: 'triumph', makeName: 'Triumph', model: 'TR6', yearStart: 1969, yearEnd: 1976, engine: '2.5 straight-six', project: 'restoration' },
  { make: 'ferrari', makeName: 'Ferrari', model: '308', yearStart: 1975, yearEnd: 1985, engine: '3.0 V8', project: 'maintenance' },
] as const;
/**
 * The fitment demo's cars (issue 35): an engine-swapped Camaro for the first demo buyer, a stock Nova for the second,
 * by the buyer's place in the cast.
 */
const FIT_CARS = [
  { key: 'vehicle:fit:camaro-ls3', buyer: 0, name: '1969 Chevrolet Camaro', make: 'chevrolet', model: 'Camaro', year: 1969, engine: '6.2 V8', engineCode: 'LS3', chassisNumber: '124379N512345', modifications: 'LS3 swap, T56 gearbox', project: 'modification' },
  { key: 'vehicle:fit:nova-350', buyer: 1, name: '1968 Chevrolet Nova', make: 'chevrolet', model: 'Nova', year: 1968, engine: '350 V8', engineCode: null, chassisNumber: null, modifications: null, project: 'restoration' },
] as const;

/** The answered "Will it fit my ...?" questions of the demo, on the fitment demo's heads still on sale (world.fitParts). */
const FIT_QUESTIONS = [
  {
    key: 'question:camaro-ls3', vehicleKey: 'vehicle:fit:camaro-ls3', part: 2,
    question: 'Will these bolt onto the LS3 in my 1969 Camaro? It was swapped in with a T56.',
    fits: 'no', answer: 'No: these are small-block Chevy heads for the original 350. An LS3 takes LS heads (rectangle port); these will not bolt on.',
  },
  {
    key: 'question:nova-350', vehicleKey: 'vehicle:fit:nova-350', part: 3,
    question: 'My Nova still has its original 1968 350. Will these go straight on?',
    fits: 'yes', answer: 'Yes: 3932441 heads fit every small-block 350 of those years. Use new head gaskets and the stock head bolts or ARP studs.',
  },
] as const;

const CATEGORIES = ['engine', 'brakes', 'suspension', 'electrical', 'body', 'interior'] as const;

interface DemoReportOrder {
  id: string;
  buyer_id: string;
  seller_id: string;
  part_id: string;
  state: string;
  delivered_at: Date;
  part_number_norm: string | null;
  make: string | null;
  model: string | null;
  year_start: number | null;
  year_end: number | null;
  engine: string | null;
  declared: boolean;
}
interface DemoVehicle { key: string; userId: string; car: (typeof CARS)[number]; priority: number }
interface DemoAlert { key: string; userId: string; vehicleKey: string; name: string; make: string; model: string; category: string | null; maxPrice: number | null; frequency: 'instant' | 'daily'; keywords: string[] }
interface DemoWatch { key: string; userId: string; partId: string; title: string; originalCents: number; currentCents: number; threshold: number; createdAt: Date }

/** Each demo buyer's garage: one or two cars, an alert per car (instant or daily), two watched parts; the same on every run. */
export function demoGarage(world: DemoWorld, now: Date) {
  const vehicles: DemoVehicle[] = [];
  const alerts: DemoAlert[] = [];
  const watches: DemoWatch[] = [];
  for (const buyer of world.buyers) {
    const userId = world.users.get(buyer.username);
    if (!userId) continue;
    const random = seededRandom(`garage:${buyer.username}`);
    const count = between(random, 1, 2);
    for (let i = 1; i <= count; i++) {
      const car = pick(random, CARS);
      const vehicleKey = `vehicle:${buyer.username}:${i}`;
      vehicles.push({ key: vehicleKey, userId, car, priority: i });
      const category = random() < 0.7 ? pick(random, CATEGORIES) : null;
      alerts.push({
        key: `alert:${buyer.username}:${i}`,
        userId,
        vehicleKey,
        name: `${car.makeName} ${car.model}${category ? ` ${category}` : ''} parts`,
        make: car.make,
        model: car.model,
        category,
        maxPrice: random() < 0.5 ? between(random, 2, 20) * 10000 : null,
        frequency: random() < 0.5 ? 'instant' : 'daily',
        keywords: [],
      });
    }
    const others = world.parts.filter((p) => p.sellerUserId !== userId);
    for (let i = 1; i <= 2 && others.length; i++) {
      const part = pick(random, others);
      if (watches.some((w) => w.userId === userId && w.partId === part.id)) continue;
      // Watching began a while ago, at a price 0-15% above today's.
      const originalCents = Math.round((part.priceCents * (100 + between(random, 0, 15))) / 100);
      watches.push({
        key: `watch:${buyer.username}:${i}`,
        userId,
        partId: part.id,
        title: part.title,
        originalCents,
        currentCents: part.priceCents,
        threshold: pick(random, [5, 10, 15]),
        createdAt: new Date(now.getTime() - between(random, 5, 40) * DAY),
      });
    }
  }
  return { vehicles, alerts, watches };
}

/**
 * The garage's part of `pitlane seed-demo` and `clear-demo`: vehicles, alerts, watches and their price lines, and
 * the answered fitment questions, posted into their conversations (the messaging step's clear removes those).
 */
export function garageDemo(container: Container): DemoContribution {
  return {
    async seed({ tx, records, world, now, progress }) {
      const { vehicles, alerts, watches } = demoGarage(world, now);
      progress(0, vehicles.length + alerts.length + watches.length, 'garage');
      const knownVehicles = await records.ids(DEMO_GARAGE_KINDS.vehicle);
      const newVehicles = vehicles.filter((v) => !knownVehicles.has(v.key));
      const vehicleRows: { id: string; key: string }[] = [];
      for (const v of newVehicles) {
        const { car } = v;
        const years = car.yearStart === car.yearEnd ? `${car.yearStart}` : `${car.yearStart}-${car.yearEnd}`;
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into buyer_garage (user_id, vehicle_name, make, model, year_start, year_end, engine_type, project_type, priority, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
          [v.userId, `${years} ${car.makeName} ${car.model}`, car.make, car.model, car.yearStart, car.yearEnd, car.engine, car.project, v.priority, now, now],
        );
        vehicleRows.push({ id: row!.id, key: v.key });
      }
      const fitCars = FIT_CARS.flatMap((c) => {
        const buyer = world.buyers[c.buyer];
        const userId = buyer && world.users.get(buyer.username);
        return userId && !knownVehicles.has(c.key) ? [{ ...c, userId }] : [];
      });
      for (const c of fitCars) {
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into buyer_garage (user_id, vehicle_name, make, model, year_start, year_end, engine_type, engine_code, chassis_number,
                                     modifications, project_type, priority, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 3, ?, ?) returning id`,
          [c.userId, c.name, c.make, c.model, c.year, c.year, c.engine, c.engineCode, c.chassisNumber, c.modifications, c.project, now, now],
        );
        vehicleRows.push({ id: row!.id, key: c.key });
      }
      await records.mark(DEMO_GARAGE_KINDS.vehicle, vehicleRows);
      const vehicleIds = new Map([...knownVehicles, ...vehicleRows.map((r) => [r.key, r.id] as const)]);

      const knownAlerts = await records.ids(DEMO_GARAGE_KINDS.alert);
      const newAlerts = alerts.filter((a) => !knownAlerts.has(a.key));
      const alertRows: { id: string; key: string }[] = [];
      for (const a of newAlerts) {
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into part_alerts (user_id, garage_vehicle_id, alert_name, make, model, category, max_price, frequency, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?::numeric / 100, ?, ?, ?) returning id`,
          [a.userId, vehicleIds.get(a.vehicleKey) ?? null, a.name, a.make, a.model, a.category, a.maxPrice, a.frequency, now, now],
        );
        alertRows.push({ id: row!.id, key: a.key });
        await tx.execute(`insert into garage_alert_settings (user_id) values (?) on conflict (user_id) do nothing`, [a.userId]);
      }
      await records.mark(DEMO_GARAGE_KINDS.alert, alertRows);

      const knownWatches = await records.ids(DEMO_GARAGE_KINDS.watch);
      const newWatches = watches.filter((w) => !knownWatches.has(w.key));
      const watchRows: { id: string; key: string }[] = [];
      for (const w of newWatches) {
        const change = Math.round(((w.currentCents - w.originalCents) * 10000) / w.originalCents) / 100;
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into market_watch (user_id, watch_type, part_id, title, current_price, original_price, price_change_percent, price_direction,
                                     last_price_check, price_alert_threshold, last_notified_price, created_at)
           values (?, 'part', ?, ?, ?::numeric / 100, ?::numeric / 100, ?, ?, ?, ?, ?::numeric / 100, ?)
           on conflict (user_id, coalesce(part_id, auction_id, reverse_auction_id)) where is_active do nothing returning id`,
          [w.userId, w.partId, w.title.slice(0, 200), w.currentCents, w.originalCents, change, change < 0 ? 'down' : change > 0 ? 'up' : 'stable', now, w.threshold, w.originalCents, w.createdAt],
        );
        if (!row) continue;
        watchRows.push({ id: row.id, key: w.key });
        // The price line: the price when watching began, then today's.
        await tx.execute(
          `insert into price_history (part_id, record_type, price, event_type, recorded_at)
           values (?, 'part', ?::numeric / 100, 'listed', ?), (?, 'part', ?::numeric / 100, 'price_changed', ?)`,
          [w.partId, w.originalCents, w.createdAt, w.partId, w.currentCents, new Date(now.getTime() - DAY)],
        );
      }
      await records.mark(DEMO_GARAGE_KINDS.watch, watchRows);
      // The answered questions: asked a week ago about one of the demo cars, answered by the heads' seller a day later.
      const knownQuestions = await records.ids(DEMO_GARAGE_KINDS.question);
      const questionRows: { id: string; key: string }[] = [];
      for (const q of FIT_QUESTIONS) {
        const part = world.fitParts?.[q.part];
        const vehicleId = vehicleIds.get(q.vehicleKey);
        const car = FIT_CARS.find((c) => c.key === q.vehicleKey)!;
        const askerId = world.buyers[car.buyer] && world.users.get(world.buyers[car.buyer]!.username);
        if (knownQuestions.has(q.key) || !part || !vehicleId || !askerId) continue;
        const askedAt = new Date(now.getTime() - 7 * DAY);
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into fitment_questions (id, part_id, seller_id, asker_id, vehicle_id, vehicle_name, question, photos, fits, answer, asked_at, answered_at)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, ?) returning id`,
          [part.id, part.sellerUserId, askerId, vehicleId, car.name, q.question, q.fits, q.answer, askedAt, new Date(askedAt.getTime() + DAY)],
        );
        questionRows.push({ id: row!.id, key: q.key });
      }
      await records.mark(DEMO_GARAGE_KINDS.question, questionRows);
      // Each question and its answer in the buyer's and seller's conversation, by the live endpoints' code, dated then.
      const knownPosts = await records.ids(DEMO_GARAGE_KINDS.questionPost);
      const unposted = [...knownQuestions, ...questionRows.map((r) => [r.key, r.id] as const)].filter(([key]) => !knownPosts.has(key));
      const posted = await container.get(FitmentQuestionService).postToConversations(unposted.map(([, id]) => id));
      await records.mark(DEMO_GARAGE_KINDS.questionPost, unposted.map(([key, id]) => ({ key, id })));
      progress(vehicles.length + alerts.length + watches.length, vehicles.length + alerts.length + watches.length, 'garage');
      return [
        `fitment: ${questionRows.length} answered questions added, ${posted} posted to conversations`,
        `garage: ${vehicleRows.length} vehicles, ${alertRows.length} alerts, ${watchRows.length} watched items added`,
      ];
    },

    /** Buyers' "Did it fit?" reports on the demo's delivered and completed orders (made by the payments step, after this one). */
    async settle({ tx, records, now }) {
      const orders = await records.ids(DEMO_ORDER_KIND);
      const known = await records.ids(DEMO_GARAGE_KINDS.report);
      const missing = [...orders].filter(([key]) => !known.has(`report:${key}`));
      if (!missing.length) return ['fitment: 0 reports added'];
      const rows = await tx.execute<DemoReportOrder[]>(
        `select o.id, o.buyer_id, o.seller_id, o.part_id, o.state, o.delivered_at, p.part_number_norm,
                coalesce(f.make, (select m.name from makes m where m.slug = p.make)) as make, coalesce(f.model, p.model) as model,
                coalesce(f.year_start, p.year_start) as year_start, coalesce(f.year_end, p.year_end) as year_end, f.engine,
                f.make is not null as declared
           from orders o
           join parts p on p.id = o.part_id
           left join lateral (select make, model, year_start, year_end, engine from part_fitments where part_id = o.part_id order by position limit 1) f on true
          where o.id = any(?::uuid[]) and o.state in ('delivered', 'completed') and o.delivered_at is not null`,
        [`{${missing.map(([, id]) => id).join(',')}}`],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const marks: { id: string; key: string }[] = [];
      for (const [key, orderId] of missing) {
        const o = byId.get(orderId);
        if (!o?.make || !o.model) continue;
        // The delivered order is the one the returns demo sends back as "doesn't fit": its buyer says so here too.
        const fits = o.state === 'delivered' ? 'no' : 'yes';
        const note = fits === 'no' ? 'The flange pattern is for the later block; it does not bolt up.' : key.startsWith('order:fit:') ? 'Bolted straight on with new head gaskets.' : 'Fitted as described.';
        const at = new Date(Math.min(now.getTime(), new Date(o.delivered_at).getTime() + 2 * DAY));
        const [row] = await tx.execute<{ id: string }[]>(
          `insert into fitment_reports (id, order_id, part_id, part_number_norm, seller_id, reporter_id, vehicle_id, make, model, year_start, year_end,
                                        engine, fits, note, declared, created_at)
           values (gen_random_uuid(), ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (order_id) do nothing returning id`,
          [o.id, o.part_id, o.part_number_norm, o.seller_id, o.buyer_id, o.make, o.model, o.year_start, o.year_end, o.engine, fits, note, o.declared, at],
        );
        if (row) marks.push({ id: row.id, key: `report:${key}` });
      }
      await records.mark(DEMO_GARAGE_KINDS.report, marks);
      return [`fitment: ${marks.length} reports added`];
    },

    async clear({ tx, records, progress }) {
      const demoUsers = [...(await records.ids(DEMO_KINDS.user)).values()];
      const ids = async (kind: string) => [...(await records.ids(kind)).values()];
      const [vehicles, alerts, watches] = [await ids(DEMO_GARAGE_KINDS.vehicle), await ids(DEMO_GARAGE_KINDS.alert), await ids(DEMO_GARAGE_KINDS.watch)];
      progress(0, vehicles.length + alerts.length + watches.length, 'garage');
      const users = `{${demoUsers.join(',')}}`;
      const watchedParts = await tx.execute<{ part_id: string }[]>(
        'select distinct part_id from market_watch where part_id is not null and (id = any(?::uuid[]) or user_id = any(?::uuid[]))',
        [`{${watches.join(',')}}`, users],
      );
      // The demo's rows, and any other a demo user made while the demo ran.
      const gone = {
        watches: await tx.execute<unknown[]>('delete from market_watch where id = any(?::uuid[]) or user_id = any(?::uuid[]) returning id', [`{${watches.join(',')}}`, users]),
        alerts: await tx.execute<unknown[]>('delete from part_alerts where id = any(?::uuid[]) or user_id = any(?::uuid[]) returning id', [`{${alerts.join(',')}}`, users]),
        vehicles: await tx.execute<unknown[]>('delete from buyer_garage where id = any(?::uuid[]) or user_id = any(?::uuid[]) returning id', [`{${vehicles.join(',')}}`, users]),
      };
      await tx.execute('delete from garage_alert_settings where user_id = any(?::uuid[])', [users]);
      // The price lines the demo drew for its watched parts (demo parts: the catalog's step removes them).
      await tx.execute("delete from price_history where part_id = any(?::uuid[]) and event_type in ('listed', 'price_changed')", [
        `{${watchedParts.map((r) => r.part_id).join(',')}}`,
      ]);
      const [reports, questions] = [await ids(DEMO_GARAGE_KINDS.report), await ids(DEMO_GARAGE_KINDS.question)];
      // Reports and questions about demo parts go with them (the catalog's step, after this one, removes the parts).
      const parts = `{${(await Promise.all(DEMO_PART_KINDS.map(ids))).flat().join(',')}}`;
      const fitment = {
        reports: await tx.execute<unknown[]>('delete from fitment_reports where id = any(?::uuid[]) or reporter_id = any(?::uuid[]) or part_id = any(?::uuid[]) returning id', [
          `{${reports.join(',')}}`,
          users,
          parts,
        ]),
        questions: await tx.execute<unknown[]>('delete from fitment_questions where id = any(?::uuid[]) or asker_id = any(?::uuid[]) or part_id = any(?::uuid[]) returning id', [
          `{${questions.join(',')}}`,
          users,
          parts,
        ]),
      };
      for (const kind of Object.values(DEMO_GARAGE_KINDS)) await records.forget(kind);
      progress(vehicles.length + alerts.length + watches.length, vehicles.length + alerts.length + watches.length, 'garage');
      return [
        `garage: ${gone.vehicles.length} vehicles, ${gone.alerts.length} alerts, ${gone.watches.length} watched items removed`,
        `fitment: ${fitment.reports.length} reports, ${fitment.questions.length} questions removed`,
      ];
    },
  };
}
