/** Sends LiveNotices; its parameters are the channel, then the payloads. A caller may put its own write before it in a WITH. */
export const LIVE_NOTIFY_SQL = 'select pg_notify(?, payload) from json_array_elements_text(?::json) payload';

/**
 * One gathered send of LivePublisher as one multi-statement query (one round trip, so the values go as literals
 * quoted by `literal`): a short transaction with asynchronous commit that NOTIFYs every payload of each channel.
 */
export function gatheredNotifySql(byChannel: ReadonlyMap<string, readonly string[]>, literal: (text: string) => string): string {
  const notify = [...byChannel]
    .map(([channel, payloads]) => `select pg_notify(${literal(channel)}, p) from json_array_elements_text(${literal(JSON.stringify(payloads))}::json) p;`)
    .join(' ');
  return `begin; set local synchronous_commit = off; ${notify} commit`;
}
