import { z } from 'zod';
import { directionControlsMessage, hasNoDirectionControls } from './text.js';
import { zHttpUrl } from './urls.js';

export const GAME_NAME_MAX = 120;
export const GAME_DESCRIPTION_MAX = 2000;

export const ZGame = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the picture (an upload on this site), or null for the placeholder. */
  image: z.string().nullable(),
  description: z.string(),
  link: z.string(),
  created_at: z.string(),
});
export type TGame = z.infer<typeof ZGame>;

/**
 * The text fields of the game form (multipart: name, description, link, plus an optional image
 * file). On update, `remove_image=true` clears the picture when no new file is sent.
 */
export const ZGameFields = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(GAME_NAME_MAX, `Name must be at most ${GAME_NAME_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Name')),
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, 'Description is required.')
    .max(GAME_DESCRIPTION_MAX, `Description must be at most ${GAME_DESCRIPTION_MAX} characters.`),
  link: zHttpUrl('Link'),
  remove_image: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
