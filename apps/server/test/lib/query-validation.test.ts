import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZListQuery } from '@nexusplay/contract/lists';
import { rememberingQueries } from '../../src/lib/query-validation.js';

describe('query strings validated once per route', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  /** How many times each route's query schema ran. */
  const runs = { list: 0, body: 0 };
  const counted = <T extends z.ZodType>(schema: T, part: keyof typeof runs) =>
    schema.transform((value) => {
      runs[part] += 1;
      return value;
    });

  beforeAll(async () => {
    app.setValidatorCompiler(rememberingQueries(validatorCompiler));
    app.get('/list', { schema: { querystring: counted(ZListQuery, 'list') } }, async (request) => {
      const seen = { ...request.query };
      // A handler that changes its query changes only its own.
      (request.query as Record<string, unknown>).limit = -1;
      return seen;
    });
    app.post(
      '/body',
      { schema: { body: counted(z.object({ n: z.number() }), 'body') } },
      async (request) => request.body,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('validates a query string once, and answers each request with its own copy', async () => {
    const before = runs.list;
    for (let i = 0; i < 3; i += 1) {
      const answer = await get('/list?limit=10&offset=0');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ limit: 10, offset: 0 });
    }
    expect(runs.list - before).toBe(1);
    // Another query is another answer, validated in its turn.
    expect((await get('/list?limit=10&offset=10')).json()).toEqual({ limit: 10, offset: 10 });
    expect((await get('/list')).json()).toEqual({});
    expect(runs.list - before).toBe(3);
  });

  it('refuses an invalid query every time, with its message', async () => {
    for (let i = 0; i < 2; i += 1) {
      const answer = await get('/list?limit=abc');
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('limit must be a number.');
    }
  });

  it('keeps a search, and validates a longer query every time', async () => {
    const search = `/list?q=${'word '.repeat(20).trim()}`;
    const kept = runs.list;
    for (let i = 0; i < 2; i += 1) expect((await get(search)).statusCode).toBe(200);
    expect(runs.list - kept).toBe(1);
    // Names the schema does not read are dropped from the answer, but are part of the text.
    const url = `/list?limit=10&padding=${'x'.repeat(300)}`;
    const before = runs.list;
    for (let i = 0; i < 2; i += 1) expect((await get(url)).statusCode).toBe(200);
    expect(runs.list - before).toBe(2);
  });

  it('leaves bodies to be validated on every request', async () => {
    const before = runs.body;
    for (let i = 0; i < 2; i += 1) {
      const answer = await app.inject({ method: 'POST', url: '/body', payload: { n: 1 } });
      expect(answer.json()).toEqual({ n: 1 });
    }
    expect(runs.body - before).toBe(2);
  });
});
