import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { schemaDrift } from './schema-check.js';

describe('npm run schema:check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('finds every table of the migrated database mapped by an entity that agrees with it column by column', async () => {
    expect(await schemaDrift(t.rt.db.orm)).toEqual([]);
  });
});
