import { agentTokenFactoryAbi, confirm } from '@fartwin/contracts';
import { type PublicClient, parseEventLogs } from 'viem';
import type { ContractAddresses } from './contracts.ts';
import { type TokenLauncher, tokenInfoStrings } from './token-launcher.ts';

/**
 * Local mode: the twin's token from AgentTokenFactory, launched in its WETH pool with the twin's
 * wallet as fee recipient, recording the image, metadata and context as Clanker does.
 */
export function localTokenLauncher(deps: {
  publicClient: PublicClient;
  contracts: () => ContractAddresses | null;
}): TokenLauncher {
  const { publicClient } = deps;
  return {
    async launch({ name, symbol, owner, info }, sending) {
      const local = deps.contracts()?.local;
      if (!local) throw new Error('The local chain has no AgentTokenFactory yet: is it bootstrapped?');
      // An earlier attempt may have created the token and crashed before recording it.
      const [earlier] = await publicClient.getContractEvents({
        address: local.agentTokenFactory,
        abi: agentTokenFactoryAbi,
        eventName: 'AgentTokenCreated',
        args: { recipient: owner },
        fromBlock: BigInt(local.deployedAtBlock),
      });
      if (earlier?.args.token) return { address: earlier.args.token, txHash: null };

      const { image, metadata, context } = tokenInfoStrings(info);
      const hash = await sending.wallet.writeContract({
        address: local.agentTokenFactory,
        abi: agentTokenFactoryAbi,
        functionName: 'createTokenWithInfo',
        args: [name, symbol, owner, image, metadata, context],
      });
      // Recorded before the receipt is awaited, with nothing held.
      await sending.onSent(hash);
      const receipt = await confirm(publicClient, hash);
      const [created] = parseEventLogs({
        abi: agentTokenFactoryAbi,
        logs: receipt.logs,
        eventName: 'AgentTokenCreated',
      });
      if (!created) throw new Error(`createTokenWithInfo (${hash}) emitted no AgentTokenCreated event`);
      return { address: created.args.token, txHash: hash };
    },
  };
}
