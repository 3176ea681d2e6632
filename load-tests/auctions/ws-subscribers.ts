// A child process of bench.ts holding WebSocket subscribers of one auction. It notes the arrival time
// (performance.timeOrigin + performance.now(), comparable across processes) of every 'bid' activity event
// at every socket, keyed by the bid's amount, and hands them over when asked. Commands come over IPC.
import WebSocket from 'ws';

interface OpenCommand {
  cmd: 'open';
  url: string;
  auctionId: string;
  count: number;
}
type Command = OpenCommand | { cmd: 'collect' } | { cmd: 'exit' };

const sockets: WebSocket[] = [];
/** Raw frames with their arrival times; parsed only when collected, so receiving stays cheap. */
let arrivals: { at: number; data: WebSocket.RawData }[] = [];
const now = () => performance.timeOrigin + performance.now();

function subscribe(url: string, auctionId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('no subscription_confirmed within 60 s')), 60_000);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe_auction', auctionId })));
    const confirm = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as { type: string; message?: string };
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'subscription_confirmed') return;
      clearTimeout(timer);
      ws.off('message', confirm);
      ws.on('message', (data) => arrivals.push({ at: now(), data }));
      resolve(ws);
    };
    ws.on('message', confirm);
  });
}

async function open({ url, auctionId, count }: OpenCommand): Promise<void> {
  // In batches, so the server's accept queue and the subscribe queries are not flooded.
  for (let done = 0; done < count; ) {
    const batch = Math.min(200, count - done);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => subscribe(url, auctionId)))));
    done += batch;
  }
}

/** Per bid amount: arrival times, and the event's timestamp (taken by the server just before its commit). */
function collect(): { received: Record<string, number[]>; stamps: Record<string, number> } {
  const received: Record<string, number[]> = {};
  const stamps: Record<string, number> = {};
  for (const { at, data } of arrivals) {
    const message = JSON.parse(String(data)) as { type: string; event?: { type: string; timestamp: string; data: { amount?: string } } };
    if (message.type !== 'activity_event' || message.event?.type !== 'bid' || !message.event.data.amount) continue;
    (received[message.event.data.amount] ??= []).push(at);
    stamps[message.event.data.amount] = Date.parse(message.event.timestamp);
  }
  arrivals = [];
  return { received, stamps };
}

process.on('message', (command: Command) => {
  const reply = (answer: object) => process.send!(answer);
  if (command.cmd === 'open') {
    open(command).then(
      () => reply({ opened: sockets.length }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  } else if (command.cmd === 'collect') {
    reply(collect());
  } else {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
