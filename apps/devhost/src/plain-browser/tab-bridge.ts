import { type DevWalletInfo, devWalletBridgeMessages as messages } from '@fartwin/protocol';
import type { DevWallet } from '../wallet/dev-wallet.ts';

/** How the dev wallet introduces itself in a plain browser tab (EIP-6963). */
export const PLAIN_BROWSER_WALLET_INFO: DevWalletInfo = {
  uuid: '4f0c2a8e-93b1-4d6e-8a52-6b1f3e0d7c11',
  name: 'Fartwin dev wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" rx="2" fill="%2335d07f"/%3E%3C/svg%3E',
  rdns: 'local.fartwin.devwallet',
};

interface TabMessage {
  type?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** The fields of an EIP-1193 error that travel back to the tab (a 4001 stays a 4001). */
function errorFields(error: unknown) {
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: typeof code === 'number' ? code : -32603,
    message: typeof message === 'string' ? message : 'Internal JSON-RPC error.',
    ...(data === undefined ? {} : { data }),
  };
}

/** The wallet events a tab follows, as EIP-1193 names them. */
const FORWARDED_EVENTS = ['accountsChanged', 'chainChanged', 'disconnect'] as const;

/**
 * The dev host's side of the "plain browser": answers the mini-app tabs it opened (window.opener
 * messages from the mini-app's origin only) with the dev wallet of whoever `wallet()` names now,
 * and tells them when that wallet's account or chain changes. Returns its cleanup.
 */
export function answerPlainBrowserTabs(options: { miniappOrigin: string; wallet: () => DevWallet | null }) {
  const tabs = new Set<MessageEventSource>();
  const post = (tab: MessageEventSource, message: object) =>
    (tab as Window).postMessage(message, { targetOrigin: options.miniappOrigin });

  const onMessage = (event: MessageEvent<TabMessage>) => {
    if (event.origin !== options.miniappOrigin || !event.source) return;
    const tab = event.source;
    const data = event.data;
    if (data?.type === messages.hello) {
      tabs.add(tab);
      post(tab, { type: messages.welcome, info: PLAIN_BROWSER_WALLET_INFO });
      return;
    }
    if (data?.type !== messages.request || typeof data.id !== 'number' || typeof data.method !== 'string') return;
    const { id, method, params } = data;
    const wallet = options.wallet();
    const answer = wallet
      ? wallet.request({ method, params } as never)
      : Promise.reject({ code: 4900, message: 'The dev host has no wallet yet: choose a user.' });
    answer.then(
      (result: unknown) => post(tab, { type: messages.response, id, result }),
      (error: unknown) => post(tab, { type: messages.response, id, error: errorFields(error) }),
    );
  };
  window.addEventListener('message', onMessage);

  return {
    /** Tells every tab an EIP-1193 event (the account changed with the dev host's user, …). */
    emit(event: (typeof FORWARDED_EVENTS)[number], data: unknown) {
      for (const tab of tabs) {
        if ((tab as Window).closed) tabs.delete(tab);
        else post(tab, { type: messages.event, event, data });
      }
    },
    /** Forwards a wallet's own events to the tabs; returns the unsubscribe. */
    follow(wallet: DevWallet): () => void {
      const handlers = FORWARDED_EVENTS.map((name) => {
        const handler = (data: unknown) => this.emit(name, data);
        (wallet.on as (event: string, listener: (data: unknown) => void) => void)(name, handler);
        return () =>
          (wallet.removeListener as (event: string, listener: (data: unknown) => void) => void)(name, handler);
      });
      return () => {
        for (const off of handlers) off();
      };
    },
    stop: () => window.removeEventListener('message', onMessage),
  };
}

export type PlainBrowserTabs = ReturnType<typeof answerPlainBrowserTabs>;
