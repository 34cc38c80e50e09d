import { z } from 'zod';

/** The one error shape every API failure answers with. */
export const ZErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** The link routes repeat the message here, where the spec's link manager reads it (SPEC 7). */
  error: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
