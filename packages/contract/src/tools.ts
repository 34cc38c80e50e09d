import { z } from 'zod';
import { directionControlsMessage, hasNoDirectionControls } from './text.js';
import { zSiteOrHttpUrl } from './urls.js';

export const TOOL_NAME_MAX = 80;
export const TOOL_ICON_MAX = 200;
export const TOOL_DESCRIPTION_MAX = 500;

export const ZTool = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An http(s) image URL, or the name of an icon of the site's icon set (e.g. "wallet"). */
  icon: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
});
export type TTool = z.infer<typeof ZTool>;

const ICON_NAME = /^[a-z0-9]+(?:[-_ ][a-z0-9]+)*$/i;

export const ZToolRequest = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(TOOL_NAME_MAX, `Name must be at most ${TOOL_NAME_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Name')),
  icon: z
    .string({ error: 'Icon is required.' })
    .trim()
    .min(1, 'Icon is required.')
    .max(TOOL_ICON_MAX, `Icon must be at most ${TOOL_ICON_MAX} characters.`)
    .refine(
      (value) => ICON_NAME.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
      'Icon must be an icon name (such as wallet) or an image address starting with http:// or https://.',
    ),
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, 'Description is required.')
    .max(TOOL_DESCRIPTION_MAX, `Description must be at most ${TOOL_DESCRIPTION_MAX} characters.`),
  link: z
    .union([z.literal(''), zSiteOrHttpUrl('Link')])
    .optional()
    .transform((value) => (value ? value : null)),
});
export type TToolRequest = z.input<typeof ZToolRequest>;
