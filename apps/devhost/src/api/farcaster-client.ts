import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type addRequestSchema,
  clientPaths,
  inboxSchema,
  installationSchema,
  type notificationsRequestSchema,
} from './client-api.ts';
import { callJson } from './json-call.ts';

/** The dev host's backend is the page's own origin. */
const origin = () => window.location.origin;

const post = <Body>(path: string, body: Body) => callJson(origin(), path, installationSchema, { method: 'POST', body });

/** The dev host's backend, as a Farcaster client's app talks to its servers (shapes in client-api.ts). */
export const farcasterClient = {
  installation: (fid: number) => callJson(origin(), clientPaths.installation(fid), installationSchema),
  add: (fid: number, notifications: boolean) =>
    post<z.input<typeof addRequestSchema>>(clientPaths.add(fid), { notifications }),
  setNotifications: (fid: number, enabled: boolean) =>
    post<z.input<typeof notificationsRequestSchema>>(clientPaths.notifications(fid), { enabled }),
  remove: (fid: number) => callJson(origin(), clientPaths.installation(fid), installationSchema, { method: 'DELETE' }),
  inbox: (fid: number) => callJson(origin(), clientPaths.inbox(fid), inboxSchema).then((body) => body.notifications),
};

export const clientQueryKeys = {
  installation: (fid: number) => ['installation', fid] as const,
  inbox: (fid: number) => ['inbox', fid] as const,
};

/** Whether `fid` added the mini-app: one query, read by the frame's menu and the inbox panel alike. */
export const installationQuery = (fid: number) =>
  queryOptions({ queryKey: clientQueryKeys.installation(fid), queryFn: () => farcasterClient.installation(fid) });
