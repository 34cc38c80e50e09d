import type { FastifyError, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { errorReply } from '../../src/plugins/errors.js';

const request = { log: { error: vi.fn() } } as unknown as FastifyRequest;

const dbError = (code: string) => Object.assign(new Error('constraint failed'), { code });

describe('errorReply for database refusals', () => {
  it('answers 409 when a write names a row that was deleted meanwhile, on either engine', () => {
    for (const code of ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
      expect(errorReply(dbError(code) as FastifyError, request)).toEqual({
        status: 409,
        body: { message: 'Something this change refers to was removed meanwhile. Please reload.' },
      });
    }
  });

  it('keeps other database failures a 500 without their details', () => {
    const reply = errorReply(dbError('XX000') as FastifyError, request);
    expect(reply).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
