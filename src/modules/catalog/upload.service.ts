import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { Config } from '../../platform/config.js';
import { Errors } from '../../platform/errors.js';
import { FileStore } from '../../platform/storage/index.js';
import { TOKENS } from '../../platform/tokens.js';
import type { UploadDto } from './part.dto.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const WEB_MAX_PX = 1600;
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 300;
export const UPLOAD_MESSAGES = {
  type: 'Photos must be JPEG or PNG images',
  size: 'Each photo must be 5 MB or smaller',
  missing: 'Choose a photo to upload (form field "file")',
  tooMany: 'You have uploaded too many photos in the last hour. Please wait a while and try again.',
  notFound: 'This photo was not found on Pitlane. Please upload it again.',
} as const;
/** The window of the uploads-per-account limit (UPLOADS_PER_ACCOUNT_PER_HOUR). */
export const UPLOAD_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** Where the API serves uploaded photos. */
export const UPLOADS_URL_PATH = '/api/uploads/files';
/** Names the upload route writes: 32 hex characters, optional "-thumb", then the format. */
export const UPLOAD_FILE_NAME = /^[0-9a-f]{32}(?:-thumb)?\.(?:jpg|png)$/;

export type ImageKind = 'jpeg' | 'png';

/** The image type judged by the file's first bytes (never its name or declared type), or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/** Stores listing photos: checks the bytes, re-encodes (dropping metadata), writes a web copy and a thumbnail. */
@injectable()
export class UploadService {
  constructor(
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(FileStore) readonly files: FileStore,
  ) {}

  /** Uploads one account may make per hour (0: no limit). */
  get hourlyLimitPerAccount(): number {
    return this.config.rateLimits.uploadsPerAccountPerHour;
  }

  /**
   * Refuses (400 naming `${field}.${index}`) each of `urls` that is not a stored upload: an address outside
   * UPLOADS_URL_PATH, or one whose file was never written or is gone (the day-old cleanup, say).
   */
  async requireStored(urls: readonly string[], field: string): Promise<void> {
    const errors: Record<string, string> = {};
    await Promise.all(
      urls.map(async (url, index) => {
        const name = url.startsWith(`${UPLOADS_URL_PATH}/`) ? url.slice(UPLOADS_URL_PATH.length + 1) : '';
        const stored = UPLOAD_FILE_NAME.test(name) && (await this.files.exists(name));
        if (!stored) errors[`${field}.${index}`] = UPLOAD_MESSAGES.notFound;
      }),
    );
    const fields = Object.keys(errors).sort();
    if (fields.length) throw Errors.invalid('upload_not_found', UPLOAD_MESSAGES.notFound, Object.fromEntries(fields.map((f) => [f, errors[f]!])));
  }

  /** Validates and stores one photo; nothing is written unless both copies were made. */
  async store(file: { buffer: Buffer; size: number } | undefined): Promise<UploadDto> {
    if (!file) throw Errors.invalid('upload_missing', UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
    if (file.size > MAX_UPLOAD_BYTES) throw Errors.invalid('upload_too_large', UPLOAD_MESSAGES.size, { file: UPLOAD_MESSAGES.size });
    const kind = detectImageKind(file.buffer);
    if (!kind) throw Errors.invalid('upload_type', UPLOAD_MESSAGES.type, { file: UPLOAD_MESSAGES.type });

    const encode = (image: Sharp) =>
      kind === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }) : image.png({ compressionLevel: 9 });
    let web: { data: Buffer; info: OutputInfo };
    let thumb: Buffer;
    try {
      // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so EXIF/GPS is dropped.
      const source = sharp(file.buffer, { failOn: 'error', limitInputPixels: 50_000_000 }).rotate();
      web = await encode(
        source.clone().resize({ width: WEB_MAX_PX, height: WEB_MAX_PX, fit: 'inside', withoutEnlargement: true }),
      ).toBuffer({ resolveWithObject: true });
      thumb = await encode(
        source.clone().resize({ width: THUMB_WIDTH, height: THUMB_HEIGHT, fit: 'cover', position: 'attention' }),
      ).toBuffer();
    } catch {
      throw Errors.invalid('upload_type', UPLOAD_MESSAGES.type, { file: UPLOAD_MESSAGES.type });
    }

    const name = randomBytes(16).toString('hex');
    const ext = kind === 'jpeg' ? 'jpg' : 'png';
    const webName = `${name}.${ext}`;
    const thumbName = `${name}-thumb.${ext}`;
    const type = kind === 'jpeg' ? 'image/jpeg' : 'image/png';
    try {
      // Through the FileStore: the local folder, or the bucket every node shares (S3_BUCKET).
      await this.files.put(webName, web.data, type);
      await this.files.put(thumbName, thumb, type);
    } catch (error) {
      await this.files.delete([webName, thumbName]).catch(() => {});
      throw error;
    }
    return {
      url: `${UPLOADS_URL_PATH}/${webName}`,
      thumbnailUrl: `${UPLOADS_URL_PATH}/${thumbName}`,
      width: web.info.width,
      height: web.info.height,
    };
  }
}
