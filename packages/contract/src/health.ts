import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
  /** "none" when this instance serves alone, without shared state. */
  redis: z.enum(['ok', 'none']),
});
