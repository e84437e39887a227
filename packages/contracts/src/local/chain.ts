import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem';

/** The local dev keys are the ones `@fartwin/localstack` derives; one source for every local key. */
export { DEV_MNEMONIC as LOCAL_DEV_MNEMONIC, devAccount as localDevAccount } from '@fartwin/localstack/dev-accounts';

/** The local chain poses as Base (id 8453) so the mini-app needs no special case. */
export function localBaseChain(rpcUrl: string): Chain {
  return defineChain({
    id: 8453,
    name: 'Base (local anvil)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export interface LocalClients {
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  testClient: TestClient<'anvil', Transport, Chain>;
  walletFor(account: Account): WalletClient<Transport, Chain, Account>;
}

/** viem clients for a local anvil; the short polling interval keeps receipt waits snappy. */
export function createLocalClients(rpcUrl: string): LocalClients {
  const chain = localBaseChain(rpcUrl);
  const transport = http(rpcUrl);
  const pollingInterval = 50;
  return {
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval }),
    testClient: createTestClient({ chain, transport, mode: 'anvil', pollingInterval }),
    walletFor: (account) => createWalletClient({ account, chain, transport, pollingInterval }),
  };
}

export { confirm, withGasHeadroom } from '../transactions.ts';
