import { notificationDetailsSchema } from '@farcaster/miniapp-core';
import { z } from 'zod';

/**
 * The dev host's own backend, as a Farcaster client has one: it keeps which users added the
 * mini-app, signs their webhook events with their app keys, and receives the notifications the
 * mini-app's server sends. Shapes shared by that backend (server/client/) and the page.
 */
/** The Farcaster client app the dev host plays (Warpcast's fid on the real network): the app fid of its app keys. */
export const FARCASTER_CLIENT_FID = 9152;

export const clientPaths = {
  /** GET: the user's installation; DELETE: remove the mini-app. */
  installation: (fid: number) => `/client/installations/${fid}`,
  /** POST {notifications}: add the mini-app. */
  add: (fid: number) => `/client/installations/${fid}/add`,
  /** POST {enabled}: turn notifications on or off. */
  notifications: (fid: number) => `/client/installations/${fid}/notifications`,
  /** GET: the notifications the user received, newest first. */
  inbox: (fid: number) => `/client/inbox/${fid}`,
  /** POST: where mini-app servers send notifications (the notificationDetails url). */
  notify: '/client/notify',
} as const;

/** Whether a user added the mini-app, and where its server may send them notifications. */
export const installationSchema = z.object({
  fid: z.number().int().positive(),
  added: z.boolean(),
  /** Set while notifications are on. */
  notificationDetails: notificationDetailsSchema.nullable(),
});
export type Installation = z.infer<typeof installationSchema>;

export const addRequestSchema = z.object({ notifications: z.boolean() });
export const notificationsRequestSchema = z.object({ enabled: z.boolean() });

/** A notification as the user's inbox shows it. */
export const inboxEntrySchema = z.object({
  notificationId: z.string(),
  title: z.string(),
  body: z.string(),
  targetUrl: z.string(),
  receivedAt: z.string().datetime(),
  /** How many times the server sent it; clients show a notificationId once, so repeats are only counted. */
  deliveries: z.number().int().positive(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxSchema = z.object({ notifications: z.array(inboxEntrySchema) });

/** Where the dev host serves its stand-in of Base's Notifications API (the bot service's local default). */
export const BASE_API_MOUNT = '/base';

/** The Base App's side, as the dev host plays it for a plain browser's wallet. */
export const baseClientPaths = {
  /** GET: whether the wallet saved the app, with notifications on; POST {saved, notificationsEnabled}: change it. */
  user: (address: string) => `/client/base/users/${address}`,
  /** GET: the Base notifications the wallet received, newest first. */
  inbox: (address: string) => `/client/base/inbox/${address}`,
} as const;

export const baseAppUserRequestSchema = z.object({ saved: z.boolean(), notificationsEnabled: z.boolean() });
export const baseAppUserSchema = z.object({ saved: z.boolean(), notificationsEnabled: z.boolean() });
export type BaseAppUser = z.infer<typeof baseAppUserSchema>;

/** A notification as the Base App shows it (Base's fields: a title, a message, a path in the app). */
export const baseInboxEntrySchema = z.object({
  title: z.string(),
  message: z.string(),
  targetPath: z.string().nullable(),
  receivedAt: z.string().datetime(),
});
export type BaseInboxEntry = z.infer<typeof baseInboxEntrySchema>;
export const baseInboxSchema = z.object({ notifications: z.array(baseInboxEntrySchema) });
