import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf, FileStore, isSafeKey, type StoredEntry, type StoredFile } from './file-store.js';

/** How Pitlane reaches a bucket (the S3_* variables). */
export interface S3Settings {
  bucket: string;
  /** Everything Pitlane stores goes under this prefix of the bucket ("" for the whole bucket). */
  prefix: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (MinIO, Ceph and most S3-compatible servers). */
  forcePathStyle: boolean;
}

/** The cache policy stored with every object: written once, never changed. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph), through the S3 API. */
export class S3FileStore extends FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Bounded: a slow bucket fails a request instead of holding it.
      requestHandler: { requestTimeout: 15_000, connectionTimeout: 5_000 },
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`not a storage key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType, CacheControl: IMMUTABLE }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isSafeKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      if (!out.Body) return null;
      return {
        body: out.Body instanceof Readable ? out.Body : Readable.fromWeb(out.Body.transformToWebStream() as never),
        contentType: out.ContentType ?? contentTypeOf(key),
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? `"${key}"`,
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const safe = keys.filter(isSafeKey);
    for (let i = 0; i < safe.length; i += 1000) {
      const batch = safe.slice(i, i + 1000).map((key) => ({ Key: this.objectKey(key) }));
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch, Quiet: true } }));
    }
  }

  async *list(): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix || undefined, ContinuationToken: token }),
      );
      for (const object of out.Contents ?? []) {
        const key = (object.Key ?? '').slice(this.settings.prefix.length);
        if (isSafeKey(key)) yield { key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ? ` at ${this.settings.endpoint}` : '';
      const why = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : (error as Error).message;
      throw new Error(`S3_BUCKET ${this.settings.bucket}${where} cannot be used: ${why}. Check S3_ENDPOINT, S3_REGION, the keys and the bucket's existence.`);
    }
  }

  /** Stops the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}
