import { existsSync } from 'node:fs';
import { readDeployment } from '@fartwin/contracts/deployment';
import type { ServerConfig } from '../config/config.ts';

export interface ContractAddresses {
  usdc: `0x${string}`;
  fartwinLife: `0x${string}`;
  /** Uniswap's QuoterV2, which the mini-app quotes a revival's swap with. */
  quoter: `0x${string}`;
  /**
   * Local chain only: where twins' tokens are made (and their launch positions locked), WETH they
   * trade against, and the block the contracts were deployed in.
   */
  local?: {
    agentTokenFactory: `0x${string}`;
    agentLpLocker: `0x${string}`;
    weth9: `0x${string}`;
    swapRouter: `0x${string}`;
    deployedAtBlock: number;
  };
}

/**
 * Where the contracts are, read on demand: production's real Base addresses come from config; local
 * mode reads what the contracts bootstrap wrote. Null while the local chain is not bootstrapped
 * (it may be after the server starts, so the file is looked for again on the next call). Once
 * found, the addresses are kept: they do not change while the server runs, and the directory,
 * every chat and every page load ask for them.
 */
export function contractsResolver(config: ServerConfig): () => ContractAddresses | null {
  const { chain } = config;
  let found: ContractAddresses | null =
    chain.usdcAddress && chain.fartwinLifeAddress
      ? { usdc: chain.usdcAddress, fartwinLife: chain.fartwinLifeAddress, quoter: chain.quoterAddress }
      : null;
  return () => {
    if (found || !chain.deploymentFile || !existsSync(chain.deploymentFile)) return found;
    const deployment = readDeployment(chain.deploymentFile);
    found = {
      usdc: deployment.usdc,
      fartwinLife: deployment.fartwinLife,
      quoter: deployment.quoter,
      local: {
        agentTokenFactory: deployment.agentTokenFactory,
        agentLpLocker: deployment.agentLpLocker,
        weth9: deployment.weth9,
        swapRouter: deployment.swapRouter,
        deployedAtBlock: deployment.deployedAtBlock,
      },
    };
    return found;
  };
}
