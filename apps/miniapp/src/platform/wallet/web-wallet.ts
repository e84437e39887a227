import { BASE_CHAIN_ID } from '@fartwin/protocol';
import type { Config, Connector } from 'wagmi';
import {
  connect,
  getAccount,
  getConnectors,
  reconnect,
  switchChain,
  watchAccount,
  watchConnectors,
} from 'wagmi/actions';
import { strings, webModeStrings } from '../../lib/strings.ts';
import { webSession } from '../../lib/web-session.ts';

/** wagmi's id of the plain `window.ethereum` connector; EIP-6963 wallets have their rdns as id. */
const LEGACY_INJECTED_ID = 'injected';
/** How long a wallet may take to announce itself (EIP-6963) before the app says there is none. */
const DISCOVERY_WAIT_MS = 1_000;

/**
 * The browser wallet to use: the one the session was signed with, else the first wallet that
 * announced itself over EIP-6963, else `window.ethereum`. Waits briefly for a late announcement.
 */
async function browserConnector(
  config: Config,
  preferredId?: string,
  { onlyPreferred = false } = {},
): Promise<Connector> {
  const pick = async (): Promise<Connector | undefined> => {
    const connectors = getConnectors(config);
    const preferred = preferredId ? connectors.find((connector) => connector.id === preferredId) : undefined;
    if (preferred || onlyPreferred) return preferred;
    const announced = connectors.find((connector) => connector.id !== LEGACY_INJECTED_ID);
    if (announced) return announced;
    const legacy = connectors.find((connector) => connector.id === LEGACY_INJECTED_ID);
    return legacy && (await legacy.getProvider().catch(() => undefined)) ? legacy : undefined;
  };
  const now = await pick();
  if (now) return now;
  const later = await new Promise<Connector | undefined>((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(undefined);
    }, DISCOVERY_WAIT_MS);
    const stop = watchConnectors(config, {
      onChange: () =>
        void pick().then((found) => {
          if (!found) return;
          clearTimeout(timer);
          stop();
          resolve(found);
        }),
    });
  });
  if (!later) throw new Error(webModeStrings.noBrowserWallet);
  return later;
}

/**
 * Web mode's wallet steps, as the start-up's inside a client: connect (the wallet asks for the
 * account), and when the wallet is not on Base ask it to switch. Answers the connected address.
 */
export async function connectBrowserWallet(config: Config, preferredId?: string): Promise<`0x${string}`> {
  const account = getAccount(config);
  if (account.status === 'connected') {
    if (account.chainId !== BASE_CHAIN_ID) await switchChain(config, { chainId: BASE_CHAIN_ID });
    return account.address;
  }
  const connector = await browserConnector(config, preferredId);
  const { accounts } = await connect(config, { connector, chainId: BASE_CHAIN_ID });
  const address = accounts[0];
  if (!address) throw new Error(strings.missingProvider);
  return address;
}

/** The connector the wallet is connected with (its id is stored with a session). */
export const connectedConnectorId = (config: Config): string | undefined => getAccount(config).connector?.id;

/**
 * Keeps a signed-in session honest: after a reload the wallet it was signed with is reconnected
 * without a prompt (eth_accounts); a wallet that now answers with another account, or whose
 * account changes or disconnects later, ends the session.
 */
export function followSession(config: Config): void {
  const clearIfNotSigner = (address: string | undefined) => {
    const session = webSession.get();
    if (session && address?.toLowerCase() !== session.address.toLowerCase()) webSession.clear();
  };
  watchAccount(config, {
    onChange(account, previous) {
      // Only a change of a connected wallet counts; connecting and reconnecting pass through undefined.
      if (previous.status === 'connected' && account.address !== previous.address) clearIfNotSigner(account.address);
    },
  });
  const session = webSession.get();
  if (!session) return;
  void browserConnector(config, session.connectorId, { onlyPreferred: true })
    .then((connector) => reconnect(config, { connectors: [connector] }))
    .then((connections) => {
      const address = connections[0]?.accounts[0];
      // A wallet that is locked answers no account: the session stays (the token is still good).
      if (address) clearIfNotSigner(address);
    })
    .catch((error: unknown) => console.warn('The signed-in wallet could not be reconnected', error));
}
