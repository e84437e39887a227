import { createIframeEndpoint, type HostEndpoint } from '@farcaster/miniapp-host';

type Listener = Parameters<HostEndpoint['addEventListener']>[1];

/**
 * The host's endpoint for one iframe, hearing only that iframe. miniapp-host's iframe endpoint
 * listens on the whole window, so a frame that was just replaced (another user signed in) could
 * still deliver its last messages (its ready, say) to the new frame's host, which would answer and
 * log them as the new frame's.
 */
export function frameEndpoint(iframe: HTMLIFrameElement, miniAppOrigin: string): HostEndpoint {
  const endpoint = createIframeEndpoint({ iframe, targetOrigin: miniAppOrigin, debug: false });
  const filtered = new Map<Listener, EventListener>();
  return {
    ...endpoint,
    addEventListener(type, listener) {
      const ownFrameOnly: EventListener = (event) => {
        if ((event as MessageEvent).source !== iframe.contentWindow) return;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      filtered.set(listener, ownFrameOnly);
      endpoint.addEventListener(type, ownFrameOnly);
    },
    removeEventListener(type, listener) {
      const ownFrameOnly = filtered.get(listener);
      if (!ownFrameOnly) return;
      filtered.delete(listener);
      endpoint.removeEventListener(type, ownFrameOnly);
    },
  };
}
