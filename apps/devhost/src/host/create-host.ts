import {
  AddMiniApp,
  type Context,
  type MiniAppClientEvent,
  type MiniAppHost,
  type SetPrimaryButtonOptions,
  SignIn,
  type SwapToken,
} from '@farcaster/miniapp-host';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { siwfMessage } from '@fartwin/localstack/siwf';
import type { LocalUser } from '@fartwin/protocol';
import { FARCASTER_CLIENT_FID, type Installation } from '../api/client-api.ts';
import { composeDraftFromUrl } from '../compose/compose-url.ts';
import type { HostSheets } from '../sheets/host-sheets.ts';
import type { LogHostCall } from './host-log.ts';

/** The frame's safe area: the dev host draws a status bar and a home indicator over the frame. */
const SAFE_AREA_INSETS = { top: 24, bottom: 20, left: 0, right: 0 };

/** Where the mini-app was opened from: the apps list, or a notification the person tapped. */
export type LaunchLocation = Context.LauncherLocationContext | Context.NotificationLocationContext;

/** The context the mini-app reads as `sdk.context`. */
function contextFor(
  user: LocalUser,
  installation: Installation | undefined,
  location: LaunchLocation,
): Context.MiniAppContext {
  const notificationDetails = installation?.notificationDetails;
  return {
    user: {
      fid: user.fid,
      username: user.username,
      displayName: user.displayName,
      ...(user.pfpUrl ? { pfpUrl: user.pfpUrl } : {}),
    },
    client: {
      platformType: 'mobile',
      clientFid: FARCASTER_CLIENT_FID,
      added: installation?.added ?? false,
      ...(notificationDetails ? { notificationDetails } : {}),
      safeAreaInsets: SAFE_AREA_INSETS,
    },
    location,
    features: { haptics: false },
  };
}

/** What a swap answers on the local chain: there is no swap service behind it (SDK's SwapTokenResult). */
export const SWAP_UNAVAILABLE: SwapToken.SwapTokenResult = {
  success: false,
  reason: 'swap_failed',
  error: { error: 'unsupported_chain', message: 'Swaps are not available on the local chain' },
};

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
    viewCast: async (options) => log('viewCast', options),
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
      await sheets.swapToken(options);
      return SWAP_UNAVAILABLE;
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
    impactOccurred: async (style) => log('impactOccurred', style),
    notificationOccurred: async (type) => log('notificationOccurred', type),
    selectionChanged: async () => log('selectionChanged'),
    getCapabilities: async () => {
      log('getCapabilities');
      return [
        'actions.ready',
        'actions.openUrl',
        'actions.close',
        'actions.setPrimaryButton',
        'actions.viewProfile',
        'actions.composeCast',
        'actions.viewToken',
        'actions.swapToken',
        'actions.signIn',
        'actions.addMiniApp',
        'wallet.getEthereumProvider',
      ];
    },
    getChains: async () => {
      log('getChains');
      return ['eip155:8453'];
    },
    updateBackState: async (state) => log('updateBackState', state),
    // The SDK's older provider path; exposeToIframe answers ethProviderRequestV2 with the wallet.
    ethProviderRequest: unsupported('ethProviderRequest'),
    ethProviderRequestV2: unsupported('ethProviderRequestV2'),
    eip6963RequestProvider: () => {
      log('eip6963RequestProvider');
      options.announceWallet();
    },
  };
}
