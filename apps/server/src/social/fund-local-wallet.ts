import { existsSync } from 'node:fs';
import { createLocalClients, fundAccounts, readDeployment } from '@fartwin/contracts/deployment';
import type { PublicClient } from 'viem';
import type { OperatorWallet } from '../platform/chain/operator.ts';
import type { Db } from '../platform/db/database.ts';
import { type OutboxSettlements, sendingThroughOutbox } from '../platform/outbox/index.ts';

export interface LocalChain {
  rpcUrl: string;
  /** Where the contracts bootstrap wrote the addresses; unset outside local mode. */
  deploymentFile?: string;
}

/** True once the contracts bootstrap has run: only then is there USDC to give. */
export function localChainReady(chain: LocalChain): chain is LocalChain & { deploymentFile: string } {
  return Boolean(chain.deploymentFile && existsSync(chain.deploymentFile));
}

/** What funding signs with: the operator's wallet, through the outbox. */
export interface FundingDeps {
  db: Db;
  chain: PublicClient;
  operator: OperatorWallet;
  settlements: OutboxSettlements;
}

/** Each chain call's time budget while the outbox signs the mint. */
const FUNDING_BUDGET_MS = 15_000;

/**
 * Gives a new local user's wallet ETH and USDC, the same amounts `npm start` gives the sample users
 * (the contracts package's own funding: anvil sets the ETH, the operator, USDC's owner, mints the
 * USDC). The mint is signed through the outbox, at the operator's next nonce from its signer row,
 * like the deploys' and relays' transactions of the same account: no two get the same nonce.
 */
export async function fundLocalWallet(
  deps: FundingDeps,
  chain: LocalChain & { deploymentFile: string },
  address: `0x${string}`,
): Promise<void> {
  const { usdc } = readDeployment(chain.deploymentFile);
  const operator = sendingThroughOutbox(
    { db: deps.db, chain: deps.chain, settlements: deps.settlements, budgetMs: FUNDING_BUDGET_MS },
    deps.operator,
    {
      kind: 'operator',
      key: `local-funding:${address.toLowerCase()}`,
      agentId: null,
      step: 'local-funding',
      expiresInSeconds: 600,
    },
  );
  const clients = createLocalClients(chain.rpcUrl);
  await fundAccounts({ ...clients, walletFor: () => operator as never }, { usdc }, [address]);
}
