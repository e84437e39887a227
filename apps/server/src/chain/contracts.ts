import { existsSync } from 'node:fs';
import { readDeployment } from '@fartwin/contracts/deployment';
import type { ServerConfig } from '../config/config.ts';

export interface ContractAddresses {
  usdc: `0x${string}`;
  fartwinLife: `0x${string}`;
}

/**
 * Production reads the real Base addresses from config; local mode reads what the contracts
 * bootstrap wrote. Null when the local chain has not been bootstrapped yet.
 */
export function resolveContracts(config: ServerConfig): ContractAddresses | null {
  const { chain } = config;
  if (chain.usdcAddress && chain.fartwinLifeAddress) {
    return { usdc: chain.usdcAddress, fartwinLife: chain.fartwinLifeAddress };
  }
  if (!chain.deploymentFile || !existsSync(chain.deploymentFile)) return null;
  const deployment = readDeployment(chain.deploymentFile);
  return { usdc: deployment.usdc, fartwinLife: deployment.fartwinLife };
}
