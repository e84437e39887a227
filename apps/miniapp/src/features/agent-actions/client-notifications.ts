import { loadSdk } from '../../lib/frame-sdk.ts';
import { hostMode } from '../../lib/host-mode.ts';
import { hostCapabilities } from '../../platform/native/index.ts';

export const clientNotificationTexts = {
  rejected: 'You did not add the app, so your twin cannot notify you. Turn it on again to add it.',
  withoutNotifications:
    'The app was added without notifications. Turn them on for this app in your client, then try again.',
  unsupported: 'This client cannot add mini apps, so your twin cannot notify you here.',
  invalidManifest: 'The client could not add the app: its manifest is not valid for this domain.',
} as const;

/**
 * Before the Notifications switch goes on: a client where the app is not added with notifications
 * is asked to add it (`sdk.actions.addMiniApp()`, as the context says), since the twin cannot notify
 * otherwise. Throws an Error whose message says why when it is not added. Outside a client: nothing to ask.
 */
export async function ensureClientNotifies(): Promise<void> {
  if (hostMode.current() !== 'frame') return;
  const sdk = await loadSdk();
  const { client } = await sdk.context;
  if (client.added && client.notificationDetails) return;
  if (!(await hostCapabilities()).has('actions.addMiniApp')) throw new Error(clientNotificationTexts.unsupported);
  let added: Awaited<ReturnType<typeof sdk.actions.addMiniApp>>;
  try {
    added = await sdk.actions.addMiniApp();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'AddMiniApp.RejectedByUser') throw new Error(clientNotificationTexts.rejected);
    if (name === 'AddMiniApp.InvalidDomainManifest') throw new Error(clientNotificationTexts.invalidManifest);
    throw error;
  }
  if (!added.notificationDetails) throw new Error(clientNotificationTexts.withoutNotifications);
}
