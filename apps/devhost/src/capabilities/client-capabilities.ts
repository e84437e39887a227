import type { MiniAppHostCapability } from '@farcaster/miniapp-host';
import { createLiveSetting, useLiveSetting } from '../settings/live-setting.ts';

/**
 * What the dev host tells the mini-app it supports (`getCapabilities`): everything it answers. The
 * capabilities panel switches some off, so the app can be tried in a client without them; the
 * mini-app reads them when it starts, so a change relaunches it.
 */
export const REPORTED_CAPABILITIES: readonly MiniAppHostCapability[] = [
  'actions.ready',
  'actions.openUrl',
  'actions.close',
  'actions.setPrimaryButton',
  'actions.viewProfile',
  'actions.viewCast',
  'actions.composeCast',
  'actions.viewToken',
  'actions.swapToken',
  'actions.signIn',
  'actions.addMiniApp',
  'wallet.getEthereumProvider',
  'haptics.impactOccurred',
  'haptics.notificationOccurred',
  'haptics.selectionChanged',
  'back',
];

const switchedOff = createLiveSetting<ReadonlySet<MiniAppHostCapability>>(new Set());

export const clientCapabilities = {
  /** What getCapabilities answers now. */
  offered: (): MiniAppHostCapability[] =>
    REPORTED_CAPABILITIES.filter((capability) => !switchedOff.get().has(capability)),
  has: (capability: MiniAppHostCapability): boolean => !switchedOff.get().has(capability),
  set(capability: MiniAppHostCapability, on: boolean) {
    const next = new Set(switchedOff.get());
    if (on) next.delete(capability);
    else next.add(capability);
    switchedOff.set(next);
  },
  /** Every capability on again (a test's fresh client). */
  reset: () => switchedOff.set(new Set()),
};

export function useSwitchedOff(): ReadonlySet<MiniAppHostCapability> {
  return useLiveSetting(switchedOff);
}

/**
 * The client's own controls around the app: its back button (shown when the app asks with
 * updateBackState; a press is sent to the app as back_navigation_triggered) and the last haptic
 * the app asked for, so both can be seen.
 */
interface ClientChrome {
  back: { visible: boolean; press: (() => void) | null };
  lastHaptic: string | null;
}

const chrome = createLiveSetting<ClientChrome>({ back: { visible: false, press: null }, lastHaptic: null });

export const clientChrome = {
  setBack(visible: boolean, press: (() => void) | null) {
    chrome.set({ ...chrome.get(), back: { visible, press } });
  },
  felt(haptic: string) {
    chrome.set({ ...chrome.get(), lastHaptic: haptic });
  },
  reset: () => chrome.set({ back: { visible: false, press: null }, lastHaptic: null }),
};

export function useClientChrome(): ClientChrome {
  return useLiveSetting(chrome);
}

/**
 * A host method behind a capability: answered (and logged) while the capability is on; while it is
 * off, the call is logged and refused, as a client without it would.
 */
export function behind<Args extends unknown[], Result>(
  capability: MiniAppHostCapability,
  log: (method: string, detail?: unknown) => void,
  method: string,
  answer: (...args: Args) => Result | Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args: Args) => {
    if (!clientCapabilities.has(capability)) {
      log(method, `${capability} is switched off in this client`);
      throw new Error(`${method} is not supported by this client`);
    }
    log(method, args.length === 1 ? args[0] : args.length === 0 ? undefined : args);
    return answer(...args);
  };
}

/** A fresh client: every capability on, no back control shown, no haptic felt (tests start here). */
export function resetClient(): void {
  clientCapabilities.reset();
  clientChrome.reset();
}
