import {
  AddMiniApp,
  type Context,
  type MiniAppClientEvent,
  type MiniAppHost,
  type SetPrimaryButtonOptions,
  SignIn,
} from '@farcaster/miniapp-host';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { siwfMessage } from '@fartwin/localstack/siwf';
import type { LocalUser } from '@fartwin/protocol';
import { FARCASTER_CLIENT_FID, type Installation } from '../api/client-api.ts';
import { behind, clientCapabilities, clientChrome } from '../capabilities/client-capabilities.ts';
import { composeDraftFromUrl } from '../compose/compose-url.ts';
import type { HostSheets } from '../sheets/host-sheets.ts';
import type { LogHostCall } from './host-log.ts';
import { miniAppUser } from './miniapp-user.ts';

type ImpactStyle = Parameters<MiniAppHost['impactOccurred']>[0];
type NotificationType = Parameters<MiniAppHost['notificationOccurred']>[0];

/** The frame's safe area: the dev host draws a status bar and a home indicator over the frame. */
const SAFE_AREA_INSETS = { top: 24, bottom: 20, left: 0, right: 0 };

/** Where the mini-app was opened from: the apps list, a notification the person tapped, or a cast shared to it. */
export type LaunchLocation =
  | Context.LauncherLocationContext
  | Context.NotificationLocationContext
  | Context.CastShareLocationContext;

/** The context the mini-app reads as `sdk.context`. */
function contextFor(
  user: LocalUser,
  installation: Installation | undefined,
  location: LaunchLocation,
): Context.MiniAppContext {
  const notificationDetails = installation?.notificationDetails;
  return {
    user: miniAppUser(user),
    client: {
      platformType: 'mobile',
      clientFid: FARCASTER_CLIENT_FID,
      added: installation?.added ?? false,
      ...(notificationDetails ? { notificationDetails } : {}),
      safeAreaInsets: SAFE_AREA_INSETS,
    },
    location,
    features: { haptics: clientCapabilities.has('haptics.impactOccurred') },
  };
}

export interface HostOptions {
  miniappUrl: string;
  announceWallet: () => void;
  /** Sheets over the frame: compose, profile, token, swap. */
  sheets: HostSheets;
  /** The client frame around the mini-app. */
  frame: {
    close: () => void;
    setPrimaryButton: (options: SetPrimaryButtonOptions) => void;
    emit: (event: MiniAppClientEvent) => void;
  };
  /** Whether the user added the mini-app (undefined while it loads). */
  installation: Installation | undefined;
  location: LaunchLocation;
}

/**
 * The host side of the mini-app SDK: every action the mini-app can call is answered here and
 * recorded in the log. Actions that need parts the dev host does not have answer with the SDK's
 * own rejection, as a real client whose user declined would.
 */
export function createHost(user: LocalUser, log: LogHostCall, options: HostOptions): MiniAppHost {
  const { sheets, frame } = options;
  // A new bridge is a freshly loaded app: the client's back control starts hidden.
  clientChrome.setBack(false, null);
  const unsupported = (method: string) => async () => {
    log(method, 'not available in the dev host yet');
    throw new Error(`${method} is not available in the dev host yet`);
  };
  // Added already: a client answers with what it has. Otherwise the person is asked; the backend
  // sends the signed webhook before the sheet reports the add.
  const addMiniApp = (method: 'addMiniApp' | 'addFrame') => async () => {
    log(method);
    const { installation } = options;
    if (installation?.added) {
      return installation.notificationDetails ? { notificationDetails: installation.notificationDetails } : {};
    }
    const result = await sheets.addMiniApp();
    if (result) return result;
    frame.emit({ event: 'miniapp_add_rejected', reason: 'rejected_by_user' });
    throw new AddMiniApp.RejectedByUser();
  };
  return {
    context: contextFor(user, options.installation, options.location),
    ready: (options) => log('ready', options),
    close: () => {
      log('close');
      frame.close();
    },
    // A compose intent URL opens the composer, as real clients do; anything else opens a browser tab.
    openUrl: (url) => {
      log('openUrl', url);
      const draft = composeDraftFromUrl(url);
      if (draft) void sheets.compose(draft);
      else window.open(url.trim(), '_blank', 'noopener,noreferrer');
    },
    setPrimaryButton: (options) => {
      log('setPrimaryButton', options);
      frame.setPrimaryButton(options);
    },
    // Sign In With Farcaster as a real client does: a SIWF message for the mini-app's domain,
    // signed by the user's custody key (the local network's keys derive from the dev mnemonic).
    signIn: async (request) => {
      log('signIn', request);
      const miniapp = new URL(options.miniappUrl);
      const custody = localUserAccount(user.fid);
      if (custody.address.toLowerCase() !== user.custodyAddress.toLowerCase()) throw new SignIn.RejectedByUser();
      const message = siwfMessage({
        domain: miniapp.host,
        uri: miniapp.origin,
        fid: user.fid,
        address: custody.address,
        nonce: request.nonce,
        ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
        ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
      });
      return { message, signature: await custody.signMessage({ message }), authMethod: 'custody' };
    },
    signManifest: unsupported('signManifest'),
    addFrame: addMiniApp('addFrame'),
    addMiniApp: addMiniApp('addMiniApp'),
    viewCast: async (options) => {
      log('viewCast', options);
      sheets.viewCast(options.hash);
    },
    viewProfile: async (options) => {
      log('viewProfile', options);
      sheets.viewProfile(options.fid);
    },
    viewToken: async (options) => {
      log('viewToken', options);
      sheets.viewToken(options.token);
    },
    sendToken: unsupported('sendToken'),
    swapToken: async (options) => {
      log('swapToken', options);
      return sheets.swapToken(options);
    },
    openMiniApp: async (options) => log('openMiniApp', options),
    // The SDK types the result by `close`: with close: true the app is closed and gets no result.
    composeCast: (async (options: Parameters<MiniAppHost['composeCast']>[0]) => {
      log('composeCast', options);
      const { close, ...draft } = options;
      const cast = await sheets.compose(draft);
      if (!close) return { cast };
      frame.close();
      return undefined;
    }) as MiniAppHost['composeCast'],
    requestCameraAndMicrophoneAccess: unsupported('requestCameraAndMicrophoneAccess'),
    // Haptics and the back control are shown beside the frame (capabilities panel), unless switched off.
    impactOccurred: behind('haptics.impactOccurred', log, 'impactOccurred', (style: ImpactStyle) =>
      clientChrome.felt(`impact: ${style}`),
    ),
    notificationOccurred: behind(
      'haptics.notificationOccurred',
      log,
      'notificationOccurred',
      (type: NotificationType) => clientChrome.felt(`notification: ${type}`),
    ),
    selectionChanged: behind('haptics.selectionChanged', log, 'selectionChanged', () => clientChrome.felt('selection')),
    getCapabilities: async () => {
      log('getCapabilities');
      return clientCapabilities.offered();
    },
    getChains: async () => {
      log('getChains');
      return ['eip155:8453'];
    },
    updateBackState: behind('back', log, 'updateBackState', (state: { visible: boolean }) =>
      clientChrome.setBack(state.visible, () => frame.emit({ event: 'back_navigation_triggered' })),
    ),
    // The SDK's older provider path; exposeToIframe answers ethProviderRequestV2 with the wallet.
    ethProviderRequest: unsupported('ethProviderRequest'),
    ethProviderRequestV2: unsupported('ethProviderRequestV2'),
    eip6963RequestProvider: () => {
      log('eip6963RequestProvider');
      options.announceWallet();
    },
  };
}
