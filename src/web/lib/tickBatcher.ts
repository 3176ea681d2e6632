/**
 * Gathers the ids asked for within one tick into requests of at most `max` ids, so a page of cards asks once for
 * all of them (the sellers' badges, the parts' fitment evidence) instead of once per card. Each caller gets the
 * value of its own id (`empty()` when the answer names none); a failed request fails the callers of that request only.
 */
export function createTickBatcher<Row, Value>(options: {
  fetchMany: (ids: string[]) => Promise<Row[]>;
  idOf: (row: Row) => string;
  valueOf: (row: Row) => Value;
  empty: () => Value;
  max: number;
}): (id: string) => Promise<Value> {
  const { fetchMany, idOf, valueOf, empty, max } = options;
  let waiting = new Map<string, { resolve: (value: Value) => void; reject: (error: unknown) => void }[]>();
  let scheduled = false;

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += max) {
      const chunk = ids.slice(i, i + max);
      fetchMany(chunk).then(
        (rows) => {
          const byId = new Map(rows.map((r) => [idOf(r), valueOf(r)]));
          for (const id of chunk) for (const caller of batch.get(id)!) caller.resolve(byId.has(id) ? byId.get(id)! : empty());
        },
        (error: unknown) => {
          for (const id of chunk) for (const caller of batch.get(id)!) caller.reject(error);
        },
      );
    }
  };

  return (id: string): Promise<Value> =>
    new Promise((resolve, reject) => {
      waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 0);
      }
    });
}
