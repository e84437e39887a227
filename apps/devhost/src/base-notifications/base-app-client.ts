import { baseAppUserSchema, baseClientPaths, baseInboxSchema } from '../api/client-api.ts';
import { callJson } from '../api/json-call.ts';

/** The dev host's backend is the page's own origin. */
const origin = () => window.location.origin;

/** The Base App's side of a wallet, as the dev host plays it (shapes in client-api.ts). */
export const baseAppClient = {
  user: (address: string) => callJson(origin(), baseClientPaths.user(address), baseAppUserSchema),
  setUser: (address: string, notificationsEnabled: boolean) =>
    callJson(origin(), baseClientPaths.user(address), baseAppUserSchema, {
      method: 'POST',
      body: { saved: true, notificationsEnabled },
    }),
  inbox: (address: string) =>
    callJson(origin(), baseClientPaths.inbox(address), baseInboxSchema).then((body) => body.notifications),
};

export const baseAppQueryKeys = {
  user: (address: string) => ['base-app-user', address.toLowerCase()] as const,
  inbox: (address: string) => ['base-inbox', address.toLowerCase()] as const,
};
