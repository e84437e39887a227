import { existsSync } from 'node:fs';
import { createLocalClients, fundAccounts, readDeployment } from '@fartwin/contracts/deployment';
import { asOperator } from '../platform/chain/operator.ts';
import type { Db } from '../platform/db/database.ts';

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
 * Gives a new local user's wallet ETH and USDC, the same amounts `npm start` gives the sample users
 * (the contracts package's own funding: anvil sets the ETH, the operator, USDC's owner, mints the
 * USDC). It runs under the operator lock because the deploy pipeline sends from the same account:
 * two senders at once would pick the same nonce.
 */
export async function fundLocalWallet(
  db: Db,
  chain: LocalChain & { deploymentFile: string },
  address: `0x${string}`,
): Promise<void> {
  const { usdc } = readDeployment(chain.deploymentFile);
  await asOperator(db, () => fundAccounts(createLocalClients(chain.rpcUrl), { usdc }, [address]));
}
