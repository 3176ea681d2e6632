// A child process of bench.ts holding signed-in WebSocket clients subscribed to their own messages
// (`subscribe_messages`). It notes the arrival time (performance.timeOrigin + performance.now(), comparable
// across processes) of every 'message_received' frame, keyed by the message's content, and hands them over
// when asked. Commands come over IPC.
import WebSocket from 'ws';

interface OpenCommand {
  cmd: 'open';
  url: string;
  cookies: string[];
}
type Command = OpenCommand | { cmd: 'collect' } | { cmd: 'exit' };

const sockets: WebSocket[] = [];
/** Raw frames with their arrival times; parsed only when collected, so receiving stays cheap. */
let arrivals: { at: number; data: WebSocket.RawData }[] = [];
const now = () => performance.timeOrigin + performance.now();

function subscribe(url: string, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers: { cookie } });
    const timer = setTimeout(() => reject(new Error('no messages_subscribed within 60 s')), 60_000);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'subscribe_messages' })));
    const confirm = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as { type: string; message?: string };
      if (message.type === 'error') reject(new Error(message.message));
      if (message.type !== 'messages_subscribed') return;
      clearTimeout(timer);
      ws.off('message', confirm);
      ws.on('message', (data) => arrivals.push({ at: now(), data }));
      resolve(ws);
    };
    ws.on('message', confirm);
  });
}

async function open({ url, cookies }: OpenCommand): Promise<void> {
  // In batches, so the server's accept queue and the session look-ups are not flooded.
  for (let done = 0; done < cookies.length; ) {
    const batch = cookies.slice(done, done + 100);
    sockets.push(...(await Promise.all(batch.map((cookie) => subscribe(url, cookie)))));
    done += batch.length;
  }
}

/** Per message content: arrival times of its 'message_received' frames. */
function collect(): { received: Record<string, number[]> } {
  const received: Record<string, number[]> = {};
  for (const { at, data } of arrivals) {
    const frame = JSON.parse(String(data)) as { type: string; message?: { content?: string } };
    if (frame.type !== 'message_received' || !frame.message?.content) continue;
    (received[frame.message.content] ??= []).push(at);
  }
  arrivals = [];
  return { received };
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
