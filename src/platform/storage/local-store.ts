import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf, FileStore, isSafeKey, type StoredEntry, type StoredFile } from './file-store.js';

/** Files in a local folder (`UPLOADS_DIR`): the default, for one machine or a shared volume. */
export class LocalFileStore extends FileStore {
  readonly kind = 'local' as const;

  constructor(readonly directory: string) {
    super();
  }

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.directory, key);
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.directory, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const temporary = path.join(this.directory, `.${key}.${process.pid}.part`);
    await writeFile(temporary, body);
    await rename(temporary, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const etag = `"${createHash('sha1').update(`${key}:${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 20)}"`;
    return { body: createReadStream(file), contentType: contentTypeOf(key), size: info.size, etag, lastModified: info.mtime };
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    return access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.filter(isSafeKey).map((key) => rm(this.pathOf(key), { force: true })));
  }

  async *list(): AsyncIterable<StoredEntry> {
    const names = (await readdir(this.directory).catch(() => [] as string[])).filter(isSafeKey).sort();
    for (const key of names) {
      const info = await stat(path.join(this.directory, key)).catch(() => null);
      if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
    }
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true }).catch((error: Error) => {
      throw new Error(`UPLOADS_DIR ${this.directory} cannot be used: ${error.message}`);
    });
  }
}
