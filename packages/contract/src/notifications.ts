import { z } from 'zod';
import { zId } from './numbers.js';
import { hasNoDirectionControls } from './text.js';

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_MESSAGE_MAX = 2000;

/** An admin notification as one signed-in user sees it: `read` is that user's own state. */
export const ZNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationRequest = z.object({
  title: z
    .string({ error: 'Judul wajib diisi.' })
    .trim()
    .min(1, 'Judul wajib diisi.')
    .max(NOTIFICATION_TITLE_MAX, `Judul paling banyak ${NOTIFICATION_TITLE_MAX} karakter.`)
    .refine(hasNoDirectionControls, 'Judul tidak boleh berisi karakter pengatur arah teks.'),
  message: z
    .string({ error: 'Pesan wajib diisi.' })
    .trim()
    .min(1, 'Pesan wajib diisi.')
    .max(NOTIFICATION_MESSAGE_MAX, `Pesan paling banyak ${NOTIFICATION_MESSAGE_MAX} karakter.`),
});
export type TNotificationRequest = z.input<typeof ZNotificationRequest>;

/** Create and update answer with a message the admin page shows in an alert (SPEC 7). */
export const ZNotificationWriteResponse = z.object({
  message: z.string(),
  notification: ZNotification,
});
export type TNotificationWriteResponse = z.infer<typeof ZNotificationWriteResponse>;

export const READ_BATCH_MAX = 1000;

/** Marks the notifications the user was shown as read. */
export const ZMarkReadRequest = z.object({
  ids: z
    .array(zId('Each id'), { error: 'ids must be a list of notification ids.' })
    .max(READ_BATCH_MAX, `At most ${READ_BATCH_MAX} ids at once.`),
});

export const ZMarkReadResponse = z.object({ message: z.string(), unread: z.number().int() });
export type TMarkReadResponse = z.infer<typeof ZMarkReadResponse>;

/**
 * The two kinds in a user's bell: the admins' broadcasts (every user reads the same ones) and
 * personal notifications (one user's own, such as income that arrived on chain). Each kind has
 * its own ids, so an item is named by its kind and id together.
 */
export const NOTIFICATION_KINDS = ['broadcast', 'personal'] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS, {
  error: `kind must be one of: ${NOTIFICATION_KINDS.join(', ')}.`,
});
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/** An item of the user's bell (GET /api/notifications): `read` is that user's own state. */
export const ZBellNotification = ZNotification.extend({ kind: ZNotificationKind });
export type TBellNotification = z.infer<typeof ZBellNotification>;

/** Marks the bell's items the user was shown as read, ids by kind. */
export const ZMarkBellReadRequest = z
  .object({
    broadcast_ids: z
      .array(zId('Each id'), { error: 'broadcast_ids must be a list of notification ids.' })
      .default([]),
    personal_ids: z
      .array(zId('Each id'), { error: 'personal_ids must be a list of notification ids.' })
      .default([]),
  })
  .refine((body) => body.broadcast_ids.length + body.personal_ids.length <= READ_BATCH_MAX, {
    message: `At most ${READ_BATCH_MAX} ids at once.`,
    path: ['personal_ids'],
  });
export type TMarkBellReadRequest = z.input<typeof ZMarkBellReadRequest>;

/** One item of the bell, by its kind and id. */
export const ZBellNotificationParams = z.object({ kind: ZNotificationKind, id: zId() });
