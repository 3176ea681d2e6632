import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { signedInBuyer } from '../../../test/accounts.fixtures.js';
import { insertParts } from '../../../test/catalog.fixtures.js';
import { seedCatalog } from './catalog.seed.js';

// Issue 34: the trade's short words and abbreviations ("carb", "diff", "mag", "rad", "alt", "dizzy", "trans") find what
// they stand for and nothing else, and a word no listing holds says so instead of listing the whole catalog.

let t: TestApp;
const ids: Record<string, string> = {};

const LISTINGS: Record<string, [title: string, description: string, category: string]> = {
  weber: ['Weber 40 DCOE', 'Twin choke sidedraft carburettor, rebuilt.', 'intake'],
  holley: ['Holley 750 double pumper', 'Four barrel carburetor, bench tested.', 'intake'],
  weberCarb: ['Weber carb rebuild kit', 'Gaskets, jets and needles.', 'intake'],
  carpet: ['Carpet kit', 'Loop pile, moulded for the tunnel.', 'interior'],
  cover: ['Car cover', 'Breathable indoor cover.', 'accessories'],
  diff: ['Limited slip differential', 'Salisbury 4HU, 3.54 ratio.', 'drivetrain'],
  magneto: ['Lucas racing magneto', 'Competition magneto, rebuilt.', 'electrical'],
  magWheel: ['Magnesium wheel set', 'Four 15 inch Minilite pattern wheels.', 'wheels'],
  bellhousing: ['Magnesium bellhousing', 'Lightweight, crack tested.', 'drivetrain'],
  radiator: ['Aluminium radiator', 'Two row core.', 'engine'],
  alternator: ['Lucas alternator', 'ACR unit, 45 amp.', 'electrical'],
  distributor: ['Bosch distributor', 'Points type, new cap and rotor.', 'electrical'],
  gearbox: ['Muncie four speed transmission', 'M21 close ratio.', 'drivetrain'],
  decal: ['Trans Am hood bird decal', 'Reproduction, gold.', 'body'],
};

const search = async (q: string) => {
  const res = await t.agent().get('/api/parts').query({ q }).expect(200);
  const unmatched = res.headers['x-unmatched-words'] as string | undefined;
  return {
    keys: (res.body as { id: string }[]).map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? p.id).sort(),
    total: Number(res.headers['x-total-count']),
    corrected: res.headers['x-corrected-query'] as string | undefined,
    unmatched: unmatched === undefined ? undefined : decodeURIComponent(unmatched),
  };
};

beforeAll(async () => {
  t = await startTestApp();
  await seedCatalog(t.rt.container);
  const seller = await signedInBuyer(t, { username: 'trade_terry', email: 'terry@example.com' });
  for (const [key, [title, description, category]] of Object.entries(LISTINGS)) {
    [ids[key]] = await insertParts(t, seller.id, 1, { title, description, category, make: 'ford' });
  }
}, 60_000);
afterAll(async () => t?.close());

describe('trade words', () => {
  it('finds carburettors for "carb" and "carbs", in both spellings, and no carpet or car cover', async () => {
    for (const q of ['carb', 'carbs', 'Carb', 'CARBS']) {
      const res = await search(q);
      expect(res.keys, q).toEqual(['holley', 'weber', 'weberCarb']);
      expect(res).toMatchObject({ total: 3, corrected: undefined, unmatched: undefined });
    }
    expect((await search('weber carb')).keys).toEqual(['weber', 'weberCarb']);
    expect((await search('carburetor')).keys).toEqual(['holley']);
  });

  it('reads the other abbreviations of the trade as what they stand for', async () => {
    expect((await search('diff')).keys).toEqual(['diff']);
    expect((await search('mag')).keys).toEqual(['magWheel', 'magneto']);
    expect((await search('mags')).keys).toEqual(['magWheel', 'magneto']);
    expect((await search('rad')).keys).toEqual(['radiator']);
    expect((await search('alt')).keys).toEqual(['alternator']);
    expect((await search('lucas alt')).keys).toEqual(['alternator']);
    expect((await search('dizzy')).keys).toEqual(['distributor']);
    // "trans" is what "transmission" finds (the drivetrain category is named Transmission), and the word itself.
    const transmission = (await search('transmission')).keys;
    expect(transmission).toContain('gearbox');
    expect((await search('trans')).keys).toEqual([...transmission, 'decal'].sort());
    expect((await search('trans am')).keys).toEqual(['decal']);
  });

  it('keeps sorting and filters working with a trade word', async () => {
    const res = await t.agent().get('/api/parts').query({ q: 'carb', category: 'intake', sort: 'newest' }).expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    const facets = await t.agent().get('/api/parts/facets').query({ q: 'carb' }).expect(200);
    expect(facets.body.total).toBe(3);
  });
});

describe('a word no listing holds', () => {
  it('finds nothing and names the word, rather than listing the whole catalog', async () => {
    expect(await search('cart')).toMatchObject({ keys: [], total: 0, unmatched: 'cart' });
    expect(await search('zyxwv carpet')).toMatchObject({ keys: [], total: 0, unmatched: 'zyxwv' });
  });

  it('sends no unmatched words when something matched or every word is known', async () => {
    expect(await search('carpet kit')).toMatchObject({ keys: ['carpet'], unmatched: undefined });
    expect(await search('carpet magneto')).toMatchObject({ keys: [], total: 0, unmatched: undefined });
  });
});
