import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
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

/** How long a revert waits for anvil to finish with the transactions sent before it. */
const POOL_DRAIN_MS = 10_000;

/**
 * Reverts a local chain to the snapshot `id` with anvil's transaction pool empty. Anvil serves a
 * receipt before it prunes the mined transaction from its pool, and evm_revert leaves the pool as
 * it is: a revert in between keeps the reverted transaction there, anvil counts it into its
 * sender's pending nonce, and that sender's next transaction gets a nonce gap and is never mined.
 * So the revert waits for the pool to empty. A transaction still there after `drainMs` (one
 * sent while automine was off, say) is dropped, the chain reverted all the same, and the error
 * says so.
 */
export async function revertSnapshot(
  testClient: TestClient<'anvil', Transport, Chain>,
  id: Hex,
  drainMs = POOL_DRAIN_MS,
): Promise<void> {
  const giveUpAt = Date.now() + drainMs;
  let left = 0;
  for (;;) {
    const { pending, queued } = await testClient.getTxpoolStatus();
    left = pending + queued;
    if (left === 0 || Date.now() > giveUpAt) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (left > 0) {
    const { pending, queued } = await testClient.getTxpoolContent();
    const hashes = [pending, queued].flatMap((bySender) =>
      Object.values(bySender).flatMap((byNonce) => Object.values(byNonce).map((transaction) => transaction.hash)),
    );
    for (const hash of hashes) await testClient.dropTransaction({ hash });
  }
  await testClient.revert({ id });
  if (left > 0) throw new Error(`reverted, dropping ${left} transaction(s) anvil never mined`);
}

export { confirm, withGasHeadroom } from '../transactions.ts';
