// A child process of bench.ts holding WebSocket subscribers of one auction. It notes the arrival time of every
// 'bid' activity event at every socket, keyed by the bid's amount, and hands them over when asked. Commands come
// over IPC (../lib/ws-child.ts).
import { serveCommands, sockets, subscribe, takeArrivals } from '../lib/ws-child.js';

interface OpenCommand {
  cmd: 'open';
  url: string;
  auctionId: string;
  count: number;
}

async function open({ url, auctionId, count }: OpenCommand): Promise<void> {
  // In batches, so the server's accept queue and the subscribe queries are not flooded.
  for (let done = 0; done < count; ) {
    const batch = Math.min(200, count - done);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(url, { type: 'subscribe_auction', auctionId }, 'subscription_confirmed')))));
    done += batch;
  }
}

/** Per bid amount: arrival times, and the event's timestamp (taken by the server just before its commit). */
function collect(): { received: Record<string, number[]>; stamps: Record<string, number> } {
  const received: Record<string, number[]> = {};
  const stamps: Record<string, number> = {};
  for (const { at, data } of takeArrivals()) {
    const message = JSON.parse(String(data)) as { type: string; event?: { type: string; timestamp: string; data: { amount?: string } } };
    if (message.type !== 'activity_event' || message.event?.type !== 'bid' || !message.event.data.amount) continue;
    (received[message.event.data.amount] ??= []).push(at);
    stamps[message.event.data.amount] = Date.parse(message.event.timestamp);
  }
  return { received, stamps };
}

serveCommands(open, collect);
