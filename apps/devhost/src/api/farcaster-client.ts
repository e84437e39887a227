import {
  addRequestSchema,
  clientPaths,
  inboxSchema,
  installationSchema,
  notificationsRequestSchema,
} from './client-api.ts';
import { callJson } from './json-call.ts';

/** The dev host's backend is the page's own origin. */
const origin = () => window.location.origin;

/** The dev host's backend, as a Farcaster client's app talks to its servers (shapes in client-api.ts). */
export const farcasterClient = {
  installation: (fid: number) => callJson(origin(), clientPaths.installation(fid), installationSchema),
  add: (fid: number, notifications: boolean) =>
    callJson(origin(), clientPaths.add(fid), installationSchema, {
      method: 'POST',
      body: addRequestSchema.parse({ notifications }),
    }),
  setNotifications: (fid: number, enabled: boolean) =>
    callJson(origin(), clientPaths.notifications(fid), installationSchema, {
      method: 'POST',
      body: notificationsRequestSchema.parse({ enabled }),
    }),
  remove: (fid: number) => callJson(origin(), clientPaths.installation(fid), installationSchema, { method: 'DELETE' }),
  inbox: (fid: number) => callJson(origin(), clientPaths.inbox(fid), inboxSchema).then((body) => body.notifications),
};

export const clientQueryKeys = {
  installation: (fid: number) => ['installation', fid] as const,
  inbox: (fid: number) => ['inbox', fid] as const,
};
