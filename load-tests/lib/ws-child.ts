// The child side of children.ts for WebSocket clients: sockets that subscribe on opening and note the arrival
// time (performance.timeOrigin + performance.now(), comparable across processes) of every later frame, kept raw
// until collected so receiving stays cheap; and the IPC loop answering 'open', 'collect' and 'exit'.
import WebSocket from 'ws';

export const sockets: WebSocket[] = [];
/** Raw frames with their arrival times since the last `takeArrivals()`. */
let arrivals: { at: number; data: WebSocket.RawData }[] = [];
const now = () => performance.timeOrigin + performance.now();

/** The frames received since the last call, with their arrival times; forgets them. */
export function takeArrivals(): { at: number; data: WebSocket.RawData }[] {
  const taken = arrivals;
  arrivals = [];
  return taken;
}

/**
 * Opens a socket, sends `subscribe` once it is open and resolves once a frame of type `confirmed` comes (within
 * 60 s; an 'error' frame rejects). Frames after that are noted for `takeArrivals()`.
 */
export function subscribe(url: string, subscribe: object, confirmed: string, headers?: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, ...(headers ? { headers } : {}) });
    const timer = setTimeout(() => reject(new Error(`no ${confirmed} within 60 s`)), 60_000);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify(subscribe)));
    const confirm = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as { type: string; message?: string };
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== confirmed) return;
      clearTimeout(timer);
      ws.off('message', confirm);
      ws.on('message', (data) => arrivals.push({ at: now(), data }));
      resolve(ws);
    };
    ws.on('message', confirm);
  });
}

/** Answers the parent's commands: 'open' (with `open`), 'collect' (with `collect`), 'exit' (closes the sockets). */
export function serveCommands<O extends { cmd: 'open' }>(open: (command: O) => Promise<void>, collect: () => object): void {
  process.on('message', (command: O | { cmd: 'collect' } | { cmd: 'exit' }) => {
    const reply = (answer: object) => process.send!(answer);
    if (command.cmd === 'open') {
      open(command as O).then(
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
}
