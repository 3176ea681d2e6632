import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/s3.fixtures.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-store.js';
import { S3FileStore } from './s3-store.js';

const stores: Array<[string, () => Promise<{ store: FileStore; stop(): Promise<void> }>]> = [
  [
    'a local folder',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'pitlane-files-'));
      return { store: new LocalFileStore(dir), stop: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-protocol bucket',
    async () => {
      const s3 = await startS3();
      const store = new S3FileStore({ bucket: s3.bucket, prefix: 'photos/', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      return { store, stop: async () => { store.close(); await s3.stop(); } };
    },
  ],
];

describe.each(stores)('files in %s', (_name, open) => {
  let store: FileStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ store, stop } = await open());
    await store.check();
  });
  afterAll(async () => stop?.());

  it('writes, reads back with type, size and an etag, lists in key order and deletes', async () => {
    await store.put('b0000000000000000000000000000000.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    await store.put('a0000000000000000000000000000000-thumb.png', Buffer.from('png'), 'image/png');
    const file = (await store.get('b0000000000000000000000000000000.jpg'))!;
    expect(file.contentType).toBe('image/jpeg');
    expect(file.size).toBe(10);
    expect(file.etag).toMatch(/^".+"$/);
    expect(await text(file.body)).toBe('jpeg bytes');
    expect(await store.exists('a0000000000000000000000000000000-thumb.png')).toBe(true);
    const listed = [];
    for await (const entry of store.list()) listed.push([entry.key, entry.size]);
    expect(listed).toEqual([
      ['a0000000000000000000000000000000-thumb.png', 3],
      ['b0000000000000000000000000000000.jpg', 10],
    ]);
    await store.delete(['a0000000000000000000000000000000-thumb.png', 'c-never-stored.jpg']);
    expect(await store.exists('a0000000000000000000000000000000-thumb.png')).toBe(false);
    expect(await store.get('a0000000000000000000000000000000-thumb.png')).toBeNull();
  });

  it('refuses keys that could name another place', async () => {
    for (const key of ['../etc/passwd', '.hidden', 'a/b.jpg', '']) {
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('not a storage key');
    }
  });
});

describe('a bucket that cannot be used', () => {
  it('is refused at start with a message naming the bucket and the endpoint', async () => {
    const s3 = await startS3();
    try {
      const store = new S3FileStore({ bucket: 'no-such-bucket', prefix: '', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      await expect(store.check()).rejects.toThrow(`S3_BUCKET no-such-bucket at ${s3.endpoint} cannot be used`);
      store.close();
    } finally {
      await s3.stop();
    }
  });
});

describe('pitlane storage migrate (copyFiles)', () => {
  it('copies a local folder into the bucket with progress, and a second run copies nothing again', async () => {
    const { copyFiles } = await import('./copy.js');
    const dir = await mkdtemp(path.join(tmpdir(), 'pitlane-migrate-'));
    const s3 = await startS3();
    const local = new LocalFileStore(dir);
    const bucket = new S3FileStore({ bucket: s3.bucket, prefix: '', region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    try {
      for (let i = 0; i < 5; i++) await local.put(`${String(i).repeat(32)}.jpg`, Buffer.from(`photo ${i}`), 'image/jpeg');
      await bucket.put(`${'0'.repeat(32)}.jpg`, Buffer.from('photo 0'), 'image/jpeg');
      const seen: number[] = [];
      expect(await copyFiles(local, bucket, (p) => seen.push(p.percent))).toEqual({ copied: 4, skipped: 1 });
      expect(seen.at(-1)).toBe(100);
      expect(await text((await bucket.get(`${'4'.repeat(32)}.jpg`))!.body)).toBe('photo 4');
      expect(await copyFiles(local, bucket)).toEqual({ copied: 0, skipped: 5 });
    } finally {
      bucket.close();
      await s3.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
