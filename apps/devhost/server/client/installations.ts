import { randomUUID } from 'node:crypto';
import type { MiniAppNotificationDetails, MiniAppServerEvent } from '@farcaster/miniapp-core';
import type { Installation } from '../../src/api/client-api.ts';
import { newAppKeySecret, registerAppKey, signEvent } from './app-keys.ts';
import type { ClientState, ClientStore } from './client-store.ts';
import { ClientHttpError } from './http-errors.ts';
import { findWebhookUrl, sendWebhookEvent } from './miniapp-webhook.ts';

export interface InstallationDeps {
  store: ClientStore;
  /** The bot service (app keys are registered there). */
  apiUrl: string;
  /** The mini-app's origin (its manifest names the webhook). */
  miniappUrl: string;
  /** This dev host's notification endpoint, as the mini-app's server reaches it. */
  notifyUrl: string;
}

export function installationOf(state: Readonly<ClientState>, fid: number): Installation {
  const installed = state.installations[fid];
  return { fid, added: installed !== undefined, notificationDetails: installed?.notificationDetails ?? null };
}

/** Runs tasks one after another, so two clicks cannot interleave their webhook and their save. */
function serialized() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * What a Farcaster client's servers do when a user adds the mini-app, turns its notifications on or
 * off, or removes it: tell the mini-app's server with a signed webhook event, then remember it. A
 * change is saved only once the mini-app's server accepted it, so a failure leaves everything as it was.
 */
export function createInstallations(deps: InstallationDeps) {
  const { store } = deps;
  const exclusive = serialized();
  // A fresh token each time notifications are turned on: the old one must stop working.
  const freshDetails = (): MiniAppNotificationDetails => ({ url: deps.notifyUrl, token: randomUUID() });

  /** Signs and sends the event, then saves the installation (null: removed) with the app key used. */
  const change = async (fid: number, event: MiniAppServerEvent, next: ClientState['installations'][string] | null) => {
    const secret = store.read().appKeys[fid] ?? newAppKeySecret();
    // Registered before every event: the bot service's database may have been reset since the last one.
    await registerAppKey(deps.apiUrl, fid, secret);
    await sendWebhookEvent(await findWebhookUrl(deps.miniappUrl), signEvent(fid, secret, event));
    store.update((draft) => {
      draft.appKeys[fid] = secret;
      if (next) draft.installations[fid] = next;
      else delete draft.installations[fid];
    });
    return installationOf(store.read(), fid);
  };

  return {
    get: (fid: number) => installationOf(store.read(), fid),

    /** Already added: the current state, nothing sent (changing notifications has its own call). */
    add: (fid: number, notifications: boolean) =>
      exclusive(async () => {
        const current = installationOf(store.read(), fid);
        if (current.added) return current;
        const details = notifications ? freshDetails() : null;
        const event: MiniAppServerEvent = details
          ? { event: 'miniapp_added', notificationDetails: details }
          : { event: 'miniapp_added' };
        return change(fid, event, { notificationDetails: details });
      }),

    /** Sent even when nothing changes (turning on again hands over a new token); 409 unless added. */
    setNotifications: (fid: number, enabled: boolean) =>
      exclusive(async () => {
        if (!installationOf(store.read(), fid).added) {
          throw new ClientHttpError(
            409,
            'not_added',
            `fid ${fid} has not added the mini-app: add it before turning notifications ${enabled ? 'on' : 'off'}`,
          );
        }
        const details = enabled ? freshDetails() : null;
        const event: MiniAppServerEvent = details
          ? { event: 'notifications_enabled', notificationDetails: details }
          : { event: 'notifications_disabled' };
        return change(fid, event, { notificationDetails: details });
      }),

    /** Not added: the current state, nothing sent. The app key is kept for a later add. */
    remove: (fid: number) =>
      exclusive(async () => {
        const current = installationOf(store.read(), fid);
        if (!current.added) return current;
        return change(fid, { event: 'miniapp_removed' }, null);
      }),
  };
}
