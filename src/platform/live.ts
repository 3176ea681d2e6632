import type { Server, IncomingMessage } from 'node:http';
import pg from 'pg';
import { WebSocketServer, WebSocket } from 'ws';
import type { Logger } from './logger.js';
import { LIVE_CHANNEL } from './jobs.js';

/** One browser connection of the live hub. */
export interface LiveClient {
  send(type: string, data: Record<string, unknown>): void;
  subscribe(topic: string): void;
}

export type LiveHandler = (client: LiveClient, data: Record<string, unknown>) => Promise<void> | void;

/**
 * The WebSocket hub at /api/ws. Modules register message handlers; changes reach browsers through
 * PostgreSQL NOTIFY, so every process's hub sees every event whichever process made it.
 */
export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly handlers = new Map<string, LiveHandler>();
  private readonly topics = new Map<string, Set<WebSocket>>();
  private listener?: pg.Client;

  constructor(private readonly logger: Logger) {}

  /** Handles client messages of `type`. */
  on(type: string, handler: LiveHandler): void {
    this.handlers.set(type, handler);
  }

  /** Starts listening for upgrades on `/api/ws` and for NOTIFY on the live channel. */
  async attach(server: Server, databaseUrl: string): Promise<void> {
    server.on('upgrade', (req: IncomingMessage, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/ws') {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
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

  private broadcast(topic: string, message: unknown): void {
    const text = JSON.stringify(message);
    for (const ws of this.topics.get(topic) ?? []) if (ws.readyState === WebSocket.OPEN) ws.send(text);
  }

  private connected(ws: WebSocket): void {
    const mine = new Set<string>();
    const client: LiveClient = {
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
        await handler(client, data);
      } catch (err) {
        this.logger.warn({ err }, 'live handler failed');
        client.send('error', { message: err instanceof Error ? err.message : 'Request failed' });
      }
    });
    ws.on('close', () => {
      for (const topic of mine) this.topics.get(topic)?.delete(ws);
    });
  }

  /** Closes every connection and the listener. */
  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    this.wss.close();
    await this.listener?.end().catch(() => {});
  }
}
