import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInAdmin, signedInBuyer } from '../../../test/accounts.fixtures.js';
import { approveSeller } from '../../../test/sellers.fixtures.js';
import { seedCatalog } from './catalog.seed.js';
import type { PartDto } from './part.dto.js';
import type { InterchangeGroupDto } from './interchange.dto.js';

// Issue 35, part 3: a part's numbers (oem, casting, supersedes, aftermarket) and the console's interchange groups.

let t: TestApp;
type Agent = Awaited<ReturnType<typeof signedInBuyer>>['agent'];
let seller: Agent;
let admin: Agent;
let buyer: Agent;
const ids: Record<string, string> = {};

const listing = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'A good used part for a small block.',
  price: 100,
  category: 'engine',
  make: 'chevrolet',
  condition: 'used-good',
  location: 'Austin, TX',
  images: [{ url: 'https://img.example.com/1.jpg', altText: title }],
  ...extra,
});

const search = async (q: string) => {
  const res = await t.agent().get('/api/parts').query({ q }).expect(200);
  return res.body as PartDto[];
};
const keysOf = (parts: { id: string }[]) => parts.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? p.id);

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  const s = await signedInBuyer(t, { username: 'numbers_seller', email: 'numbers@example.com' });
  await approveSeller(t, s.agent);
  seller = s.agent;
  admin = (await signedInAdmin(t)).agent;
  buyer = (await signedInBuyer(t, { username: 'numbers_buyer', email: 'numbers-buyer@example.com' })).agent;
  const add = async (key: string, body: Record<string, unknown>) => {
    const res = await seller.post('/api/parts').send(body).expect(201);
    ids[key] = res.body.id;
    await t.sql('update parts set is_approved = true where id = $1', [res.body.id]);
  };
  await add('head', listing('Cylinder Head 350', { partNumber: '3932441', partNumbers: [{ number: 'GM-3932441-X', kind: 'casting' }] }));
  await add('headCasting', listing('Small Block Head Bare', { partNumbers: [{ number: '3970 010', kind: 'casting' }, { number: 'ED-1234', kind: 'aftermarket' }] }));
  await add('other', listing('Head bolt set 3932441 compatible', { partNumber: 'HB-1' }));
  await add('unrelated', listing('Water pump', { partNumber: 'WP-9999' }));
}, 120_000);

afterAll(async () => t?.close());

describe('numbers on a part', () => {
  it('takes numbers on create and answers them in the DTO, in order', async () => {
    const res = await t.agent().get(`/api/parts/${ids.headCasting}`).expect(200);
    expect(res.body.partNumbers).toEqual([
      { number: '3970 010', kind: 'casting' },
      { number: 'ED-1234', kind: 'aftermarket' },
    ]);
    expect((await t.agent().get(`/api/parts/${ids.unrelated}`).expect(200)).body.partNumbers).toEqual([]);
  });

  it('replaces the numbers on edit and leaves them when the edit does not name them', async () => {
    const res = await seller.post('/api/parts').send(listing('Edited part', { partNumbers: [{ number: 'A-1111', kind: 'oem' }] })).expect(201);
    await seller.patch(`/api/parts/${res.body.id}`).send({ price: 120 }).expect(200);
    expect((await seller.get(`/api/parts/${res.body.id}`).expect(200)).body.partNumbers).toEqual([{ number: 'A-1111', kind: 'oem' }]);
    const edited = await seller.patch(`/api/parts/${res.body.id}`).send({ partNumbers: [{ number: 'B 2222', kind: 'supersedes' }] }).expect(200);
    expect(edited.body.partNumbers).toEqual([{ number: 'B 2222', kind: 'supersedes' }]);
    await seller.delete(`/api/parts/${res.body.id}`);
  });

  it('refuses a bad kind, a number without letters or digits, and a repeated number', async () => {
    const bad = async (partNumbers: unknown) => seller.post('/api/parts').send(listing('Bad numbers', { partNumbers })).expect(400);
    expect((await bad([{ number: '123', kind: 'oops' }])).body.message).toMatch(/Kind must be one of/);
    expect((await bad([{ number: '--', kind: 'oem' }])).body.message).toMatch(/letter or digit/);
    expect((await bad([{ number: 'ab-12', kind: 'oem' }, { number: 'AB 12', kind: 'casting' }])).body.message).toMatch(/only once/);
  });
});

describe('search by any number', () => {
  it('ignores dashes, spaces and case, and finds parts by their other numbers', async () => {
    expect(keysOf(await search('3970-010'))).toEqual(['headCasting']);
    expect(keysOf(await search('ed 1234'))).toEqual(['headCasting']);
    expect(keysOf(await search('gm3932441x'))).toEqual(['head']);
  });

  it('ranks the exact number first, then text matches', async () => {
    const found = keysOf(await search('3932441'));
    expect(found[0]).toBe('head');
    expect(found).toContain('other');
    expect(found).not.toContain('unrelated');
  });
});

describe('interchange groups', () => {
  let groupId: string;

  it('are admins only', async () => {
    await buyer.get('/api/admin/interchange-groups').expect(403);
    await buyer.post('/api/admin/interchange-groups').send({ name: 'x', numbers: ['1234', '5678'] }).expect(403);
  });

  it('refuse a group without a name, with fewer than two numbers, or a repeated number', async () => {
    const post = (body: object) => admin.post('/api/admin/interchange-groups').send(body).expect(400);
    expect((await post({ name: '', numbers: ['1234', '5678'] })).body.message).toMatch(/name/i);
    expect((await post({ name: 'SBC heads', numbers: ['1234'] })).body.message).toMatch(/at least two/);
    expect((await post({ name: 'SBC heads', numbers: ['39-70010', '3970010'] })).body.message).toMatch(/only once/);
  });

  it('create, list (Content-Range, counts per number), read, update and delete as ra-data-simple-rest expects', async () => {
    const created = await admin.post('/api/admin/interchange-groups').send({ name: 'SBC 350 heads', numbers: ['3932441', '3970010', 'NONE-1'] }).expect(201);
    const group = created.body as InterchangeGroupDto;
    groupId = group.id;
    expect(group).toMatchObject({
      name: 'SBC 350 heads',
      numbers: ['3932441', '3970010', 'NONE-1'],
      numberParts: [
        { number: '3932441', parts: 1 },
        { number: '3970010', parts: 1 },
        { number: 'NONE-1', parts: 0 },
      ],
    });
    const list = await admin.get('/api/admin/interchange-groups').query({ sort: '["name","ASC"]', range: '[0,9]', filter: '{"q":"39-32441"}' }).expect(200);
    expect(list.headers['content-range']).toBe('interchange-groups 0-0/1');
    expect(list.body.map((g: InterchangeGroupDto) => g.id)).toEqual([groupId]);
    const many = await admin.get('/api/admin/interchange-groups').query({ filter: JSON.stringify({ id: [groupId] }) }).expect(200);
    expect(many.body).toHaveLength(1);
    await admin.get('/api/admin/interchange-groups').query({ sort: '["numbers","ASC"]' }).expect(400);
    expect((await admin.get(`/api/admin/interchange-groups/${groupId}`).expect(200)).body.id).toBe(groupId);
    const updated = await admin.put(`/api/admin/interchange-groups/${groupId}`).send({ name: 'SBC heads', numbers: ['3932441', '3970010'] }).expect(200);
    expect(updated.body).toMatchObject({ id: groupId, name: 'SBC heads', numbers: ['3932441', '3970010'] });
    await admin.get('/api/admin/interchange-groups/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('make a search for one number find the parts carrying the others, after the exact hit, marked', async () => {
    const found = await search('3932441');
    expect(keysOf(found).slice(0, 2)).toEqual(['head', 'headCasting']);
    expect(keysOf(found)).toContain('other');
    expect(found[0]!.interchangeableWith).toBeUndefined();
    expect(found[1]!.interchangeableWith).toBe('3932441');
    const other = found.find((p) => p.id === ids.other)!;
    expect(other.interchangeableWith).toBeUndefined();
    const back = await search('3970-010');
    expect(keysOf(back)).toEqual(['headCasting', 'head']);
    expect(back[1]!.interchangeableWith).toBe('3970010');
  });

  it('stop once the group is deleted', async () => {
    const deleted = await admin.delete(`/api/admin/interchange-groups/${groupId}`).expect(200);
    expect(deleted.body.id).toBe(groupId);
    expect(keysOf(await search('3970010'))).toEqual(['headCasting']);
  });
});
