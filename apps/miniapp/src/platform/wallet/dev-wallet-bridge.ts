import { type DevWalletInfo, devWalletBridgeMessages as messages } from '@fartwin/protocol';

/** How long the opener may take to say it is the dev host before the app goes on without it. */
const HELLO_WAIT_MS = 1_000;

type Listener = (...args: unknown[]) => void;

interface BridgeMessage {
  type?: unknown;
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
  event?: unknown;
  data?: unknown;
  info?: DevWalletInfo;
}

/**
 * Local mode only, in a tab the dev host opened (its "plain browser"): asks the opener whether it is
 * the dev host and, when it answers, announces an EIP-6963 provider whose requests travel to it by
 * postMessage. The dev host's wallet answers them (with its confirm sheets), as the user chosen
 * there. Nothing is announced when the opener is anything else.
 */
export async function connectDevWalletBridge(): Promise<boolean> {
  const opener = window.opener as Window | null;
  if (!opener) return false;
  const welcome = await new Promise<{ origin: string; info: DevWalletInfo } | null>((resolve) => {
    const onMessage = (event: MessageEvent<BridgeMessage>) => {
      if (event.source !== opener || event.data?.type !== messages.welcome || !event.data.info) return;
      done({ origin: event.origin, info: event.data.info });
    };
    const timer = setTimeout(() => done(null), HELLO_WAIT_MS);
    const done = (answer: { origin: string; info: DevWalletInfo } | null) => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(answer);
    };
    window.addEventListener('message', onMessage);
    // Nothing secret in a hello: any opener may see it, only the dev host answers.
    opener.postMessage({ type: messages.hello }, '*');
  });
  if (!welcome) return false;
  announce(welcome.info, bridgeProvider(opener, welcome.origin));
  return true;
}

/** An EIP-1193 provider whose requests and events travel through the opener. */
function bridgeProvider(opener: Window, origin: string) {
  const listeners = new Map<string, Set<Listener>>();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;

  window.addEventListener('message', (event: MessageEvent<BridgeMessage>) => {
    if (event.source !== opener || event.origin !== origin) return;
    const data = event.data;
    if (data?.type === messages.response && typeof data.id === 'number') {
      const call = pending.get(data.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.error) {
        const { code, message, data: detail } = data.error;
        call.reject(Object.assign(new Error(String(message ?? 'Dev wallet error')), { code, data: detail }));
      } else {
        call.resolve(data.result);
      }
    } else if (data?.type === messages.event && typeof data.event === 'string') {
      for (const listener of listeners.get(data.event) ?? []) listener(data.data);
    }
  });

  return {
    request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        opener.postMessage({ type: messages.request, id, method, params }, origin);
      });
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
}

/** EIP-6963: announce now, and again whenever a page asks. */
function announce(info: DevWalletInfo, provider: ReturnType<typeof bridgeProvider>) {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', send);
  send();
}
