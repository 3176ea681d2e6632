import type { Readable } from 'node:stream';

/** A stored file as it is read back. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/** One entry of a listing. */
export interface StoredEntry {
  key: string;
  size: number;
  lastModified: Date;
}

/**
 * Where uploaded and generated files live: a local folder by default, S3-compatible object storage when
 * `S3_BUCKET` is set. Keys are flat names ("<32 hex>.jpg"); modules never touch the disk or the bucket
 * themselves. Files are written once and never changed (a new photo is a new key), so they may be cached for ever.
 */
export abstract class FileStore {
  /** Which store this is, for logs and `/api/ready`. */
  abstract readonly kind: 'local' | 's3';
  /** Writes `body` under `key` (a new key: an existing one is replaced). */
  abstract put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  abstract get(key: string): Promise<StoredFile | null>;
  /** Whether `key` is stored. */
  abstract exists(key: string): Promise<boolean>;
  /** Deletes `keys` (unknown ones are nothing). */
  abstract delete(keys: readonly string[]): Promise<void>;
  /** Every stored file, in key order. */
  abstract list(): AsyncIterable<StoredEntry>;
  /** Checks at start that the store can be used; throws a message naming what is wrong. */
  abstract check(): Promise<void>;
}

/** The content type of a key by its extension (the only kinds Pitlane stores). */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

/** A flat key: no folders, no dot files, nothing a path could escape with. */
export const isSafeKey = (key: string): boolean => /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key) && !key.includes('..');
