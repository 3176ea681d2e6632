import { buffer } from 'node:stream/consumers';
import type { FileStore } from './file-store.js';

/** Where a copy stands, in the shape the CLI's progress bar draws. */
export interface CopyProgress {
  step: string;
  label: string;
  done: number;
  total: number;
  percent: number;
}

/**
 * Copies every file of `from` into `to` (`pitlane storage migrate`: the local folder into the bucket). Resumable:
 * a file already in `to` with the same size is skipped, so a copy cut short starts again where it stopped.
 * Answers how many files were copied and skipped. `from` is left as it was.
 */
export async function copyFiles(from: FileStore, to: FileStore, onProgress: (p: CopyProgress) => void = () => {}): Promise<{ copied: number; skipped: number }> {
  const present = new Map<string, number>();
  for await (const entry of to.list()) present.set(entry.key, entry.size);
  const todo = [];
  for await (const entry of from.list()) todo.push(entry);
  let copied = 0;
  let skipped = 0;
  const report = (label: string) =>
    onProgress({ step: 'storage', label, done: copied + skipped, total: todo.length, percent: todo.length ? Math.floor(((copied + skipped) / todo.length) * 100) : 100 });
  report('files');
  for (const entry of todo) {
    if (present.get(entry.key) === entry.size) {
      skipped++;
    } else {
      const file = await from.get(entry.key);
      if (file) {
        await to.put(entry.key, await buffer(file.body), file.contentType);
        copied++;
      }
    }
    report('files');
  }
  return { copied, skipped };
}
