import type { Server, IncomingMessage } from 'node:http';
import pg from 'pg';
import { WebSocketServer, WebSocket } from 'ws';
import type { SqlExecutor } from './db/pg-transaction.js';
import { AppError } from './errors.js';
import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import { gatheredNotifySql, LIVE_NOTIFY_SQL } from './live.sql.js';

/** Channel of the live messages every process's WebSocket hub listens to. */
export const LIVE_CHANNEL = 'pitlane_live';

/** Live messages as NOTIFY payloads: `payloads` is a JSON array of texts, each sent on `channel`. */
export interface LiveNotices {
  channel: string;
  payloads: string;
}

/**
 * The NOTIFY payloads of `messages` for the browsers subscribed to `topic`. Every live message is made here,
 * and sent either by pushLive or, folded into a write of its own, with LIVE_NOTIFY_SQL or by a SQL function
 * that takes the notices as parameters (auction_apply_bid).
 */
export function liveNotices(topic: string, messages: readonly unknown[]): LiveNotices {
  return { channel: LIVE_CHANNEL, payloads: JSON.stringify(messages.map((message) => JSON.stringify({ topic, message }))) };
}

export { LIVE_NOTIFY_SQL };

/** Sends live messages to the browsers subscribed to `topic`, delivered when the caller's transaction commits. */
export async function pushLive(em: SqlExecutor, topic: string, ...messages: unknown[]): Promise<void> {
  const { channel, payloads } = liveNotices(topic, messages);
  await em.execute(LIVE_NOTIFY_SQL, [channel, payloads]);
}

/**
 * Sends live notices after the caller's transaction has committed, gathered: the notices handed in while a
 * send is in flight go together in the next one, one short transaction with asynchronous commit. A transaction
 * that NOTIFYs holds PostgreSQL's notify-queue lock from its pre-commit until its commit record is flushed, so
 * every notifying commit waits for the one before it, WAL flush included (issue 26: bids spread over 1,000
 * auctions spent most of their time there). Here that lock is held by one transaction per gather, which does
 * not wait for a flush; the writes themselves (bids, activity rows) are committed before, durably. A process
 * that dies between a commit and its send loses those pushes only: the events are stored, and a browser that
 * reconnects reloads them (activity_history).
 */
export class LivePublisher {
  private queued: LiveNotices[] = [];
  private sending: Promise<void> | null = null;

  /** Sends on the database layer's `connection` (the lock one beside bids, so a send never waits behind requests). */
  constructor(
    private readonly db: Database,
    private readonly connection: 'lock' | 'system',
    private readonly logger: Logger,
  ) {}

  /** Queues `notices` for the next send; resolves once they are sent (or the send failed and was logged). */
  publish(notices: LiveNotices): Promise<void> {
    if (notices.payloads === '[]') return Promise.resolve();
    this.queued.push(notices);
    this.sending ??= this.drain();
    return this.sending;
  }

  private async drain(): Promise<void> {
    // Let the commits of this turn of the event loop join the first send.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queued.length) {
      const batch = this.queued;
      this.queued = [];
      const byChannel = new Map<string, string[]>();
      for (const { channel, payloads } of batch) {
        const list = byChannel.get(channel) ?? [];
        list.push(...(JSON.parse(payloads) as string[]));
        byChannel.set(channel, list);
      }
      const client = await this.db.pool(this.connection).connect().catch((err: unknown) => {
        this.logger.warn({ err }, 'live publish: no connection');
        return null;
      });
      if (!client) continue;
      try {
        // One round trip: the values go as literals in one multi-statement query.
        await client.query(gatheredNotifySql(byChannel, (text) => client.escapeLiteral(text)));
        client.release();
      } catch (err) {
        this.logger.warn({ err }, 'live publish failed');
        await client.query('rollback').catch(() => {});
        client.release(err instanceof Error ? err : true);
      }
    }
    this.sending = null;
  }
}

/** Bytes waiting in a socket's send buffer above which its messages are queued instead of sent. */
export const LIVE_BUFFER_HIGH = 256 * 1024;
/** Queued messages after which a socket that does not drain is closed. */
export const LIVE_BACKLOG_MESSAGES = 1000;
const LIVE_FLUSH_MS = 50;

/** What the outbox needs of a WebSocket (ws's WebSocket has it). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
}

/**
 * Sends live messages to sockets. A socket whose send buffer backs up (a slow or stalled reader) gets its
 * messages queued in order and sent together once it drains below half the limit, so one slow reader never
 * makes the others wait or the server's memory grow without bound; a socket that falls LIVE_BACKLOG_MESSAGES
 * behind is closed (the browser reconnects and reloads the history).
 */
export class LiveOutbox {
  private readonly backlog = new Map<LiveSocket, Buffer[]>();
  private timer?: NodeJS.Timeout;

  send(ws: LiveSocket, data: Buffer): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    const queued = this.backlog.get(ws);
    if (queued) {
      if (queued.length < LIVE_BACKLOG_MESSAGES) {
        queued.push(data);
        return;
      }
      this.backlog.delete(ws);
      ws.close(1008, 'too slow');
    } else if (ws.bufferedAmount > LIVE_BUFFER_HIGH) {
      this.backlog.set(ws, [data]);
      this.timer ??= setInterval(() => this.flush(), LIVE_FLUSH_MS).unref();
    } else ws.send(data, { binary: false });
  }

  /** Sends the queued messages of every socket that has drained (runs every LIVE_FLUSH_MS while any wait). */
  flush(): void {
    for (const [ws, queued] of this.backlog) {
      if (ws.readyState !== WebSocket.OPEN) this.backlog.delete(ws);
      else if (ws.bufferedAmount <= LIVE_BUFFER_HIGH / 2) {
        this.backlog.delete(ws);
        for (const data of queued) ws.send(data, { binary: false });
      }
    }
    if (!this.backlog.size) this.stop();
  }

  /** Messages waiting for `ws`. */
  waiting(ws: LiveSocket): number {
    return this.backlog.get(ws)?.length ?? 0;
  }

  forget(ws: LiveSocket): void {
    this.backlog.delete(ws);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.backlog.size) this.backlog.clear();
  }
}

/** One browser connection of the live hub. */
export interface LiveClient {
  /** The signed-in user of the socket (read from the session cookie of its upgrade), or null. */
  readonly userId: string | null;
  send(type: string, data: Record<string, unknown>): void;
  subscribe(topic: string): void;
}

export type LiveHandler = (client: LiveClient, data: Record<string, unknown>) => Promise<void> | void;

/** Finds the signed-in user of an upgrade request (its session cookie), or null. */
export type LiveIdentify = (req: IncomingMessage) => Promise<string | null>;

/**
 * The WebSocket hub at /api/ws. Modules register message handlers; changes reach browsers through
 * PostgreSQL NOTIFY, so every process's hub sees every event whichever process made it.
 */
export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly handlers = new Map<string, LiveHandler>();
  private readonly topics = new Map<string, Set<WebSocket>>();
  private listener?: pg.Client;
  private readonly outbox = new LiveOutbox();

  /**
   * `scope` runs each handler in a unit of work of its own (the database layer's context), as a request has one;
   * nothing else of the hub needs one.
   */
  constructor(
    private readonly logger: Logger,
    private readonly scope: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {}

  /** Handles client messages of `type`. */
  on(type: string, handler: LiveHandler): void {
    this.handlers.set(type, handler);
  }

  /**
   * Starts listening for upgrades on `/api/ws` and for NOTIFY on the live channel. With `identify`, each socket
   * knows its signed-in user (read once, at the upgrade), for per-user topics.
   */
  async attach(server: Server, databaseUrl: string, identify?: LiveIdentify): Promise<void> {
    server.on('upgrade', (req: IncomingMessage, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/ws') {
        socket.destroy();
        return;
      }
      const who = identify ? identify(req).catch((err: unknown) => (this.logger.warn({ err }, 'live identify failed'), null)) : Promise.resolve(null);
      void who.then((userId) => this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, userId)));
    });
    this.listener = new pg.Client({ connectionString: databaseUrl });
    this.listener.on('error', (err) => this.logger.warn({ err }, 'live listener error'));
    await this.listener.connect();
    this.listener.on('notification', (n) => {
      if (n.channel !== LIVE_CHANNEL || !n.payload) return;
      try {
        const { topic, message } = JSON.parse(n.payload) as { topic: string; message: unknown };
        this.broadcast(topic, message);
      } catch (err) {
        this.logger.warn({ err }, 'bad live notification');
      }
    });
    await this.listener.query(`listen ${LIVE_CHANNEL}`);
  }

  /** Sends one message to every subscriber of `topic`, encoded once (see LiveOutbox for slow readers). */
  private broadcast(topic: string, message: unknown): void {
    const sockets = this.topics.get(topic);
    if (!sockets?.size) return;
    const data = Buffer.from(JSON.stringify(message));
    for (const ws of sockets) this.outbox.send(ws, data);
  }

  private connected(ws: WebSocket, userId: string | null = null): void {
    const mine = new Set<string>();
    const client: LiveClient = {
      userId,
      send: (type, data) => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type, ...data })),
      subscribe: (topic) => {
        mine.add(topic);
        if (!this.topics.has(topic)) this.topics.set(topic, new Set());
        this.topics.get(topic)!.add(ws);
      },
    };
    ws.on('message', async (raw) => {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(String(raw)) as Record<string, unknown>;
      } catch {
        client.send('error', { message: 'Messages must be JSON' });
        return;
      }
      const handler = typeof data.type === 'string' ? this.handlers.get(data.type) : undefined;
      if (!handler) {
        client.send('error', { message: `Unknown message type: ${String(data.type)}` });
        return;
      }
      try {
        await this.scope(() => Promise.resolve(handler(client, data)));
      } catch (err) {
        this.logger.warn({ err }, 'live handler failed');
        // The message of a business error; never an internal one.
        client.send('error', { message: err instanceof AppError ? err.message : 'Request failed' });
      }
    });
    ws.on('close', () => {
      for (const topic of mine) this.topics.get(topic)?.delete(ws);
      this.outbox.forget(ws);
    });
  }

  /** Closes every connection and the listener. */
  async close(): Promise<void> {
    this.outbox.stop();
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    this.wss.close();
    await this.listener?.end().catch(() => {});
  }
}
