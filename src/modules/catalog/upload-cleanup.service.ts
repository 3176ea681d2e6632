import { inject, injectable, multiInject } from 'inversify';
import { Clock } from '../../platform/clock.js';
import { FileStore } from '../../platform/storage/index.js';
import { UploadClaims } from './upload.claims.js';
import { UPLOAD_FILE_NAME } from './upload.service.js';

/** How long an upload may wait for a listing (or storefront) to use it before the cleanup deletes it. */
export const UNCLAIMED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Photo ids asked about per query. */
const BATCH = 500;

/** Deletes uploaded photos that no record uses a day after they were uploaded. */
@injectable()
export class UploadCleanupService {
  constructor(
    @inject(FileStore) private readonly store: FileStore,
    @inject(Clock) private readonly clock: Clock,
    @multiInject(UploadClaims) private readonly claims: UploadClaims[],
  ) {}

  /**
   * Deletes the web copy and thumbnail of every photo older than a day (by the file's time, against the Clock)
   * that no UploadClaims uses; returns how many photos went. Safe to run twice or side by side.
   */
  async deleteUnclaimed(): Promise<number> {
    const cutoff = this.clock.now().getTime() - UNCLAIMED_UPLOAD_LIFETIME_MS;
    const files = new Map<string, { names: string[]; newest: number }>();
    // The folder's files or the bucket's objects, with their times (the file's mtime, the object's LastModified).
    for await (const entry of this.store.list()) {
      if (!UPLOAD_FILE_NAME.test(entry.key)) continue;
      const name = entry.key;
      const modified = entry.lastModified.getTime();
      const id = name.slice(0, 32);
      const photo = files.get(id) ?? { names: [], newest: 0 };
      photo.names.push(name);
      photo.newest = Math.max(photo.newest, modified);
      files.set(id, photo);
    }
    const old = [...files].filter(([, photo]) => photo.newest <= cutoff).map(([id]) => id);
    let deleted = 0;
    for (let i = 0; i < old.length; i += BATCH) {
      const batch = old.slice(i, i + BATCH);
      const used = new Set((await Promise.all(this.claims.map((c) => c.claimed(batch)))).flat());
      for (const id of batch.filter((id) => !used.has(id))) {
        await this.store.delete(files.get(id)!.names);
        deleted++;
      }
    }
    return deleted;
  }
}
