import { describe, expect, it } from 'vitest';
import express from 'express';
import supertest from 'supertest';
import { forgetInRequest, rememberInRequest, requestScope } from './request-scope.js';

describe('the request scope', () => {
  it('loads a value once per request, separately for each request, and not at all outside one', async () => {
    let loads = 0;
    const load = () => rememberInRequest('user', async () => ++loads);
    const app = express();
    app.use(requestScope);
    app.get('/', async (_req, res) => {
      const [a, b] = await Promise.all([load(), load()]);
      const c = await load();
      forgetInRequest('user');
      const d = await load();
      res.json([a, b, c, d]);
    });
    expect((await supertest(app).get('/').expect(200)).body).toEqual([1, 1, 1, 2]);
    expect((await supertest(app).get('/').expect(200)).body).toEqual([3, 3, 3, 4]);
    // Outside a request (a job, the CLI) nothing is remembered.
    expect([await load(), await load()]).toEqual([5, 6]);
  });

  it('does not remember a failed load', async () => {
    let calls = 0;
    const app = express();
    app.use(requestScope);
    app.get('/', async (_req, res) => {
      const flaky = () =>
        rememberInRequest('flaky', async () => {
          calls++;
          if (calls === 1) throw new Error('connection lost');
          return 'ok';
        });
      const first = await flaky().catch((error: Error) => error.message);
      res.json([first, await flaky(), await flaky()]);
    });
    expect((await supertest(app).get('/').expect(200)).body).toEqual(['connection lost', 'ok', 'ok']);
    expect(calls).toBe(2);
  });
});
