import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { approveSeller } from '../../../test/sellers.fixtures.js';
import type { Config } from '../../platform/config.js';
import { TOKENS } from '../../platform/tokens.js';

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: { agent: Agent; id: string };
let buyer: { agent: Agent; id: string };
let uploadsDir: string;

const filesOnDisk = async () => (await readdir(uploadsDir).catch(() => [] as string[])).sort();

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 30 } } })
    .withExif({ IFD0: { Copyright: 'Secret Garage, 42 Hidden Lane' } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  uploadsDir = t.rt.container.get<Config>(TOKENS.Config).uploadsDir;
  seller = await signedInBuyer(t, { username: 'photo_seller', email: 'photo@example.com' });
  await approveSeller(t, seller.agent);
  buyer = await signedInBuyer(t, { username: 'photo_buyer', email: 'photobuyer@example.com' });
});
afterAll(async () => t?.close());

describe('photo uploads', () => {
  it('accepts a JPEG from a seller, stores a web copy and a 4:3 thumbnail without metadata, served with long cache headers', async () => {
    const res = await seller.agent.post('/api/uploads').attach('file', await jpeg(2400, 1800), 'engine bay.jpg').expect(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(/^\/api\/uploads\/files\/[0-9a-f]{32}\.jpg$/),
      thumbnailUrl: expect.stringMatching(/^\/api\/uploads\/files\/[0-9a-f]{32}-thumb\.jpg$/),
      width: 1600,
      height: 1200,
    });
    const web = await t.agent().get(res.body.url).expect(200);
    expect(web.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(web.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(web.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(meta.exif).toBeUndefined();
    const thumb = await t.agent().get(res.body.thumbnailUrl).expect(200);
    const thumbMeta = await sharp(thumb.body as Buffer).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 300]);
  });

  it('keeps PNGs as PNG and never enlarges a small photo', async () => {
    const png = await sharp({ create: { width: 800, height: 200, channels: 4, background: '#0a0' } }).png().toBuffer();
    const res = await seller.agent.post('/api/uploads').attach('file', png, 'decal.png').expect(201);
    expect(res.body.url).toMatch(/\.png$/);
    expect([res.body.width, res.body.height]).toEqual([800, 200]);
  });

  it('shows an uploaded photo on a listing with its thumbnail', async () => {
    const upload = await seller.agent.post('/api/uploads').attach('file', await jpeg(640, 480), 'a.jpg').expect(201);
    await t.sql(`insert into categories (name, slug, icon) values ('Engine', 'engine', 'engine') on conflict do nothing`);
    await t.sql(`insert into makes (name, slug) values ('Ford', 'ford') on conflict do nothing`);
    const part = await seller.agent
      .post('/api/parts')
      .send({
        title: 'Ford 289 timing cover',
        description: 'Original timing cover.',
        price: 80,
        category: 'engine',
        make: 'ford',
        condition: 'used-good',
        location: 'Reno, NV',
        images: [{ url: upload.body.url, altText: 'Timing cover, front' }],
      })
      .expect(201);
    expect(part.body.images).toEqual([
      { url: upload.body.url, altText: 'Timing cover, front', isPrimary: true, thumbnailUrl: upload.body.thumbnailUrl },
    ]);
  });

  it('refuses visitors (401) and users who may not list (403)', async () => {
    const image = await jpeg(100, 100);
    await t.agent().post('/api/uploads').attach('file', image, 'a.jpg').expect(401);
    const res = await buyer.agent.post('/api/uploads').attach('file', image, 'a.jpg').expect(403);
    expect(res.body.message).toBe('You need an approved seller account to list parts.');
  });

  it('judges the type by the bytes: a text file named .jpg is refused and nothing is written', async () => {
    const before = await filesOnDisk();
    const res = await seller.agent
      .post('/api/uploads')
      .attach('file', Buffer.from('#!/bin/sh\necho not a photo\n'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(res.body).toMatchObject({ message: 'Photos must be JPEG or PNG images', errors: { file: 'Photos must be JPEG or PNG images' } });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    await seller.agent.post('/api/uploads').attach('file', gif, 'anim.png').expect(400);
    // JPEG magic bytes on a body that is not a JPEG: refused when decoding.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    await seller.agent.post('/api/uploads').attach('file', fake, 'fake.jpg').expect(400);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a 6 MB file with the size message and writes nothing', async () => {
    const before = await filesOnDisk();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await seller.agent.post('/api/uploads').attach('file', big, 'huge.jpg').expect(400);
    expect(res.body.message).toBe('Each photo must be 5 MB or smaller');
    expect(await filesOnDisk()).toEqual(before);
  });

  it('asks for the photo when none is sent or it is in another field', async () => {
    const none = await seller.agent.post('/api/uploads').field('note', 'x').expect(400);
    expect(none.body.message).toBe('Choose a photo to upload (form field "file")');
    await seller.agent.post('/api/uploads').attach('photo', await jpeg(10, 10), 'a.jpg').expect(400);
  });

  it('serves only names it wrote', async () => {
    await t.agent().get('/api/uploads/files/00000000000000000000000000000000.jpg').expect(404);
    await t.agent().get('/api/uploads/files/..%2Fpg-password').expect(404);
    await t.agent().get('/api/uploads/files/session-secret').expect(404);
  });
});
