import { describe, expect, it } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIncomeList } from '@nexusplay/contract/income';
import { ZNotification } from '@nexusplay/contract/notifications';
import { ZWallet } from '@nexusplay/contract/wallets';
import { isPlainShape, serializerCompiler } from '../../src/lib/response-serializer.js';

const compile = (schema: z.ZodType, compiler = serializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

const wallets = [
  {
    id: 1,
    user_id: 7,
    wallet_name: 'Main "hot" wallet \u2028 ünïcödé 🦊',
    wallet_address: `0x${'ab'.repeat(20)}`,
    category: null,
    created_at: '2026-11-25 09:00:00',
    // What a row from the database may carry beyond the contract: never written.
    password_hash: 'secret',
  },
  {
    id: 2,
    user_id: 7,
    wallet_name: 'Back\\slash',
    wallet_address: `ronin:${'cd'.repeat(20)}`,
    category: 'farming',
    created_at: '2026-11-25 09:01:00',
  },
];

describe('compiled response serialisers', () => {
  it('compiles the shapes the server builds, and leaves transforms and codecs to zod', () => {
    expect(isPlainShape(z.array(ZWallet))).toBe(true);
    expect(isPlainShape(ZIncomeList)).toBe(true);
    expect(isPlainShape(z.array(ZNotification))).toBe(true);
    expect(isPlainShape(z.object({ at: z.string().transform((s) => s.length) }))).toBe(false);
    expect(isPlainShape(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(isPlainShape(z.looseObject({ n: z.number() }))).toBe(false);
    expect(isPlainShape(z.object({ d: z.date() }))).toBe(false);
  });

  it('writes exactly what zod writes for a list of rows, extra columns left out', () => {
    const compiled = compile(z.array(ZWallet));
    const byZod = compile(z.array(ZWallet), zodSerializerCompiler);
    expect(compiled(wallets)).toBe(byZod(wallets));
    expect(compiled(wallets)).not.toContain('secret');
    expect(JSON.parse(compiled(wallets))).toEqual(
      wallets.map(({ password_hash: _hidden, ...wallet }) => wallet),
    );
  });

  it('writes optional fields only when present, as zod does', () => {
    const record = {
      id: 1,
      income: 10,
      pixels: 10,
      expense: 1,
      expense_type: 'usd',
      expense_description: '',
      converted_expense: '1.00',
      date: '2026-11-01',
      net_income: null,
      price_usd: null,
      usd_idr: null,
      usd_idr_date: null,
      created_at: '2026-11-01 00:00:00',
    };
    const answer = { data: [record] };
    expect(JSON.parse(compile(ZIncomeList)(answer))).toEqual(
      JSON.parse(compile(ZIncomeList, zodSerializerCompiler)(answer)),
    );
  });

  it('refuses an answer that lacks a required field rather than write half of it', () => {
    const { created_at: _missing, ...partial } = wallets[1]!;
    expect(() => compile(z.array(ZWallet))([partial])).toThrow();
  });

  it('still encodes through zod where the schema has a codec', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(isPlainShape(schema)).toBe(false);
    expect(compile(schema)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});
