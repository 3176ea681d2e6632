import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIVE_BACKLOG_MESSAGES, LIVE_BUFFER_HIGH, LIVE_CHANNEL, LiveOutbox, liveNotices, type LiveSocket } from './live.js';

class FakeSocket implements LiveSocket {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: string[] = [];
  closed: { code: number; reason: string } | null = null;
  send(data: Buffer, options: { binary: boolean }): void {
    expect(options.binary).toBe(false);
    this.sent.push(data.toString());
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
    this.readyState = WebSocket.CLOSED;
  }
}

const message = (n: number) => Buffer.from(JSON.stringify({ type: 'activity_event', n }));

describe('LiveOutbox', () => {
  const outbox = new LiveOutbox();
  afterEach(() => outbox.stop());

  it('sends at once to sockets whose send buffer is below the limit', () => {
    const ws = new FakeSocket();
    outbox.send(ws, message(1));
    outbox.send(ws, message(2));
    expect(ws.sent).toEqual([message(1).toString(), message(2).toString()]);
    expect(outbox.waiting(ws)).toBe(0);
  });

  it('holds messages for a backed-up socket without delaying the others, and sends them in order once it drains', () => {
    const slow = new FakeSocket();
    const fast = new FakeSocket();
    slow.bufferedAmount = LIVE_BUFFER_HIGH + 1;
    for (const n of [1, 2, 3]) {
      outbox.send(slow, message(n));
      outbox.send(fast, message(n));
    }
    expect(fast.sent).toHaveLength(3);
    expect(slow.sent).toEqual([]);
    expect(outbox.waiting(slow)).toBe(3);

    slow.bufferedAmount = LIVE_BUFFER_HIGH; // still above half the limit: keeps waiting
    outbox.flush();
    expect(slow.sent).toEqual([]);

    slow.bufferedAmount = 0;
    outbox.send(slow, message(4)); // queued behind the others, never ahead of them
    outbox.flush();
    expect(slow.sent).toEqual([1, 2, 3, 4].map((n) => message(n).toString()));
    expect(outbox.waiting(slow)).toBe(0);
  });

  it('closes a socket that falls too far behind and forgets closed sockets', () => {
    const stalled = new FakeSocket();
    stalled.bufferedAmount = LIVE_BUFFER_HIGH + 1;
    for (let n = 0; n <= LIVE_BACKLOG_MESSAGES; n++) outbox.send(stalled, message(n));
    expect(stalled.closed).toEqual({ code: 1008, reason: 'too slow' });
    expect(outbox.waiting(stalled)).toBe(0);

    const gone = new FakeSocket();
    gone.bufferedAmount = LIVE_BUFFER_HIGH + 1;
    outbox.send(gone, message(1));
    gone.readyState = WebSocket.CLOSED;
    outbox.flush();
    expect(outbox.waiting(gone)).toBe(0);
    outbox.send(gone, message(2));
    expect(gone.sent).toEqual([]);
  });
});

describe('liveNotices', () => {
  it('makes one NOTIFY payload per message on the live channel, each naming the topic', () => {
    const notices = liveNotices('auction:1', [{ type: 'a' }, { type: 'b' }]);
    expect(notices.channel).toBe(LIVE_CHANNEL);
    expect((JSON.parse(notices.payloads) as string[]).map((p) => JSON.parse(p) as unknown)).toEqual([
      { topic: 'auction:1', message: { type: 'a' } },
      { topic: 'auction:1', message: { type: 'b' } },
    ]);
  });
});
