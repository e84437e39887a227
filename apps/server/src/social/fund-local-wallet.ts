import { existsSync } from 'node:fs';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { asOperator } from '../chain/operator.ts';
import type { Db } from '../db/database.ts';

export interface LocalChain {
  rpcUrl: string;
  /** Where the contracts bootstrap wrote the addresses; unset outside local mode. */
  deploymentFile?: string;
}

/** True once the contracts bootstrap has run: only then is there USDC to give. */
export function localChainReady(chain: LocalChain): chain is LocalChain & { deploymentFile: string } {
  return Boolean(chain.deploymentFile && existsSync(chain.deploymentFile));
}

/**
 * Gives a new local user's wallet ETH and USDC, the same amounts `npm start` gives the sample users,
 * through the bootstrap's own `fund` (it reuses the deployment, sets the ETH balance and mints USDC
 * from the operator, USDC's owner, and records the account as funded). It runs under the operator
 * lock because the deploy pipeline sends from the same account: two senders at once would pick the
 * same nonce.
 */
export async function fundLocalWallet(
  db: Db,
  chain: LocalChain & { deploymentFile: string },
  address: `0x${string}`,
): Promise<void> {
  await asOperator(db, () =>
    bootstrapLocalChain({ rpcUrl: chain.rpcUrl, deploymentFile: chain.deploymentFile, fund: [address] }),
  );
}
