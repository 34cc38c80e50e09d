import { z } from 'zod';
import { directionControlsMessage, hasNoDirectionControls } from './text.js';
import { zHttpUrl } from './urls.js';
import { everyField, zOptionalCategory, zOwnerId } from './personal-rows.js';

export const LINK_TITLE_MAX = 200;

export const ZLink = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  category: z.string().nullable(),
  user_id: z.number().int(),
  created_at: z.string(),
});
export type TLink = z.infer<typeof ZLink>;

export const ZLinkRequest = z.object({
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(LINK_TITLE_MAX, `Title must be at most ${LINK_TITLE_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Title')),
  url: zHttpUrl('URL'),
  category: zOptionalCategory,
  user_id: zOwnerId,
});
export type TLinkRequest = z.input<typeof ZLinkRequest>;

/** What the user fills in: the request without the owner, who is always the caller. */
export const ZLinkFields = ZLinkRequest.omit({ user_id: true });
export type TLinkFields = z.output<typeof ZLinkFields>;
export type TLinkField = keyof TLinkFields;

/** The link's own fields in column order: the CSV columns and the form's fields. */
export const LINK_FIELDS = everyField<TLinkField>()('title', 'url', 'category');
