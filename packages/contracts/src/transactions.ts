import type { Hash, PublicClient, TransactionReceipt } from 'viem';

/**
 * A gas limit with 25 % headroom over an estimate, for transactions that swap on Uniswap.
 * Anvil may estimate in an environment whose timestamp equals the latest block's; the pool then
 * skips its once-per-block oracle write, and the same swap mined a second later needs ~3k more gas
 * than the tight estimate. Wallets add a similar margin on real chains.
 */
export function withGasHeadroom(estimate: bigint): bigint {
  return (estimate * 125n) / 100n;
}

/** Waits for a transaction and throws unless it succeeded. */
export async function confirm(publicClient: PublicClient, hash: Hash): Promise<TransactionReceipt> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') {
    const { gas } = await publicClient.getTransaction({ hash });
    throw new Error(
      `Transaction ${hash} reverted in block ${receipt.blockNumber} (gas used ${receipt.gasUsed} of ${gas})`,
    );
  }
  return receipt;
}
