// A child process of bench.ts holding signed-in WebSocket clients subscribed to their own messages
// (`subscribe_messages`). It notes the arrival time of every 'message_received' frame, keyed by the message's
// content, and hands them over when asked. Commands come over IPC (../lib/ws-child.ts).
import { serveCommands, sockets, subscribe, takeArrivals } from '../lib/ws-child.js';

interface OpenCommand {
  cmd: 'open';
  url: string;
  cookies: string[];
}

async function open({ url, cookies }: OpenCommand): Promise<void> {
  // In batches, so the server's accept queue and the session look-ups are not flooded.
  for (let done = 0; done < cookies.length; ) {
    const batch = cookies.slice(done, done + 100);
    sockets.push(...(await Promise.all(batch.map((cookie) => subscribe(url, { type: 'subscribe_messages' }, 'messages_subscribed', { cookie })))));
    done += batch.length;
  }
}

/** Per message content: arrival times of its 'message_received' frames. */
function collect(): { received: Record<string, number[]> } {
  const received: Record<string, number[]> = {};
  for (const { at, data } of takeArrivals()) {
    const frame = JSON.parse(String(data)) as { type: string; message?: { content?: string } };
    if (frame.type !== 'message_received' || !frame.message?.content) continue;
    (received[frame.message.content] ??= []).push(at);
  }
  return { received };
}

serveCommands(open, collect);
