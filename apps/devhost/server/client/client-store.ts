import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { notificationDetailsSchema } from '@farcaster/miniapp-core';
import { z } from 'zod';
import { inboxEntrySchema } from '../../src/api/client-api.ts';

/** Everything the client backend remembers. JSON object keys, so fids and tokens are strings here. */
const clientStateSchema = z.object({
  /** Per fid, the ed25519 private key (0x + 64 hex) of the user's app key: made once, reused on every event. */
  appKeys: z.record(z.string(), z.string().regex(/^0x[0-9a-f]{64}$/)),
  /** Per fid, present while the user has the mini-app added. */
  installations: z.record(z.string(), z.object({ notificationDetails: notificationDetailsSchema.nullable() })),
  /** Per fid, the notifications shown, newest first. */
  inboxes: z.record(z.string(), z.array(inboxEntrySchema)),
  /** Per token, when it last got a notification (epoch ms), for the one-per-30-seconds rule. */
  lastDeliveries: z.record(z.string(), z.number()),
});
export type ClientState = z.infer<typeof clientStateSchema>;

const emptyState = (): ClientState => ({ appKeys: {}, installations: {}, inboxes: {}, lastDeliveries: {} });

export interface ClientStore {
  read(): Readonly<ClientState>;
  /** Applies a change to a copy, persists the copy, then makes it current: a failed write changes nothing. */
  update<T>(change: (draft: ClientState) => T): T;
}

/** The state in `stateFile` (kept there after each change), or in memory only when there is none. */
export function openClientStore(stateFile: string | undefined): ClientStore {
  let state = stateFile ? loadState(stateFile) : emptyState();
  return {
    read: () => state,
    update(change) {
      const draft = structuredClone(state);
      const result = change(draft);
      if (stateFile) writeAtomically(stateFile, draft);
      state = draft;
      return result;
    },
  };
}

/** A missing file is a first start; an unreadable one must not stop the dev host, so it starts empty and says so. */
function loadState(file: string): ClientState {
  if (!existsSync(file)) return emptyState();
  try {
    return clientStateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const reason = error instanceof z.ZodError ? z.prettifyError(error) : String(error);
    console.warn(`dev host: ignoring the unreadable client state in ${file} (${reason}); starting empty.`);
    return emptyState();
  }
}

/** Write then rename, so a crash mid-write leaves the previous file whole. */
function writeAtomically(file: string, state: ClientState) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}
