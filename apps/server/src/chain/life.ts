import { fartwinLifeAbi } from '@fartwin/contracts';
import type { PublicClient } from 'viem';
import type { ContractAddresses } from './contracts.ts';

/** Reads twins' life from the FartwinLife contract: the chain is the only source of truth. */
export interface LifeReader {
  /** Expiry (unix seconds) per agentId; 0 when never fed, or when the contracts are unavailable. */
  expirations(agentIds: readonly string[]): Promise<Map<string, number>>;
  /** Whether a twin is alive now. Never fed, or no contracts, counts as dead. */
  isAlive(agentId: string): Promise<boolean>;
}

export function chainLifeReader(chain: PublicClient, contracts: () => ContractAddresses | null): LifeReader {
  const expirations = async (agentIds: readonly string[]) => {
    const result = new Map<string, number>(agentIds.map((agentId) => [agentId, 0]));
    const addresses = contracts();
    if (!addresses || agentIds.length === 0) return result;
    // Parallel reads: the transport batches them into one JSON-RPC request. (No multicall: the
    // local chain has no Multicall3 at Base's address.)
    const expiries = await Promise.all(
      agentIds.map((agentId) =>
        chain.readContract({
          address: addresses.fartwinLife,
          abi: fartwinLifeAbi,
          functionName: 'agentTimeToDeath',
          args: [agentId],
        }),
      ),
    );
    agentIds.forEach((agentId, index) => {
      result.set(agentId, Number(expiries[index]));
    });
    return result;
  };

  return {
    expirations,
    async isAlive(agentId) {
      const addresses = contracts();
      if (!addresses) return false;
      const [expiry, block] = await Promise.all([
        expirations([agentId]).then((map) => map.get(agentId) ?? 0),
        chain.getBlock({ blockTag: 'latest' }),
      ]);
      // The later of wall-clock and chain time: an idle local chain mines no blocks (its clock
      // stands still), while a test moves chain time forward with evm_increaseTime.
      const now = Math.max(Math.floor(Date.now() / 1000), Number(block.timestamp));
      return expiry > now;
    },
  };
}
