import { type Hex, numberToHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { host } from './sdk-double.ts';

type Listener = (...args: unknown[]) => void;

/**
 * A browser wallet for web mode's tests: it announces itself over EIP-6963 like an extension, signs
 * with a real key (so a test server can verify the EIP-4361 signature), and hands everything else
 * to the fake chain. Its account can change, as a person switching accounts in the extension.
 */
export function injectWallet(account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())) {
  const listeners = new Map<string, Set<Listener>>();
  const requests: string[] = [];
  let current = account;
  let rejectSignatures = false;
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };

  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      requests.push(method);
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [current.address];
        case 'eth_chainId':
          return numberToHex(8453);
        case 'wallet_requestPermissions':
          throw Object.assign(new Error('Method not supported'), { code: 4200 });
        case 'personal_sign': {
          if (rejectSignatures) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
          const [message] = params as [Hex];
          return current.signMessage({ message: { raw: message } });
        }
        default:
          return host.chain.provider.request({ method, params });
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  const detail = Object.freeze({
    info: { uuid: '7d1f4a3e-0000-4000-8000-000000000001', name: 'Test wallet', icon: 'data:,', rdns: 'test.wallet' },
    provider,
  });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  return {
    provider,
    requests,
    get address() {
      return current.address;
    },
    rejectSignatures(reject = true) {
      rejectSignatures = reject;
    },
    /** The person picks another account in the wallet. */
    switchAccount(next: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())) {
      current = next;
      emit('accountsChanged', [next.address]);
    },
    remove: () => window.removeEventListener('eip6963:requestProvider', announce),
  };
}
