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

/**
 * "Now" for lives, in unix seconds: the later of wall-clock and chain time. An idle local chain mines
 * no blocks (its clock stands still), while the dev host and tests move chain time forward with
 * evm_increaseTime.
 */
export async function chainNowSeconds(chain: PublicClient): Promise<number> {
  return headNowSeconds(await chain.getBlock({ blockTag: 'latest' }));
}

/** chainNowSeconds from the head block already read. */
export function headNowSeconds(head: { timestamp: bigint }): number {
  return Math.max(Math.floor(Date.now() / 1000), Number(head.timestamp));
}

export function chainLifeReader(chain: PublicClient, contracts: () => ContractAddresses | null): LifeReader {
  const expiry = async (fartwinLife: `0x${string}`, agentId: string) =>
    Number(
      await chain.readContract({
        address: fartwinLife,
        abi: fartwinLifeAbi,
        functionName: 'agentTimeToDeath',
        args: [agentId],
      }),
    );

  return {
    async expirations(agentIds) {
      const addresses = contracts();
      if (!addresses) return new Map(agentIds.map((agentId) => [agentId, 0]));
      // Parallel reads: the transport batches them into one JSON-RPC request. (No multicall: the
      // local chain has no Multicall3 at Base's address.)
      const expiries = await Promise.all(agentIds.map((agentId) => expiry(addresses.fartwinLife, agentId)));
      return new Map(agentIds.map((agentId, index) => [agentId, expiries[index]!]));
    },
    async isAlive(agentId) {
      const addresses = contracts();
      if (!addresses) return false;
      const [expiresAt, now] = await Promise.all([expiry(addresses.fartwinLife, agentId), chainNowSeconds(chain)]);
      return expiresAt > now;
    },
  };
}
