/**
 * Where the app runs, decided at start-up: inside a Farcaster client ('frame': the frame start-up
 * as it is) or outside one ('web': a browser, or a client such as the Base App that treats mini-apps
 * as web pages and never answers the SDK).
 */
export type HostMode = 'frame' | 'web';

/**
 * How long the host may take to answer the SDK's context before the app runs as a web page. Clients
 * answer within a few hundred milliseconds; a host that never answers must not hang the app.
 */
export const HOST_CONTEXT_WAIT_MS = 1_500;

let current: HostMode | null = null;

/**
 * Whether a Farcaster client could be around the app at all: the SDK's own light check
 * (`sdk.isInMiniApp`'s short-circuit). Clients open a mini-app in an iframe or in a React Native
 * WebView; a top-level browser page is neither, and is web mode without asking anything or loading
 * the SDK.
 */
export function mayBeInClient(win: Window = window): boolean {
  return Boolean((win as { ReactNativeWebView?: unknown }).ReactNativeWebView) || win !== win.parent;
}

/** The start-up's decision, for modules outside React (the API client picks its token by it). */
export const hostMode = {
  /** null until the start-up has decided. */
  current: (): HostMode | null => current,
  set(mode: HostMode): void {
    current = mode;
  },
};

/**
 * The host's context, or null when it does not answer within `waitMs`. A top-level page answers at
 * once with nothing (the SDK's channel then talks to the page itself); a host that never answers
 * (the Base App, a foreign iframe) is given up on.
 */
export function contextWithin<T>(context: Promise<T>, waitMs = HOST_CONTEXT_WAIT_MS): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  return Promise.race([context, timeout]).finally(() => clearTimeout(timer));
}
