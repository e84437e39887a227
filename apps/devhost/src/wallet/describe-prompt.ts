import { fartwinLifeAbi, usdcAbi } from '@fartwin/contracts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { decodeFunctionData, formatEther, formatUnits, type Hex } from 'viem';
import type { WalletPrompt } from './dev-wallet.ts';

/** A readable line for the wallet sheet: what the transaction does, decoded when it is ours. */
export function describePrompt(prompt: WalletPrompt): { title: string; lines: string[] } {
  if (prompt.kind === 'switch-chain') {
    return { title: 'Switch network', lines: [`From chain ${prompt.fromChainId} to chain ${prompt.toChainId}`] };
  }
  if (prompt.kind === 'signature') return { title: 'Signature request', lines: [prompt.message.slice(0, 400)] };
  const lines = [`To ${prompt.to ?? '(new contract)'}`];
  if (prompt.value > 0n) lines.push(`Value ${formatEther(prompt.value)} ETH`);
  const call = prompt.data ? decodeCall(prompt.data) : null;
  if (call) lines.push(call);
  else if (prompt.data) lines.push(`Data ${prompt.data.slice(0, 74)}…`);
  return { title: 'Confirm transaction', lines };
}

function decodeCall(data: Hex): string | null {
  for (const abi of [usdcAbi, fartwinLifeAbi]) {
    try {
      const { functionName, args = [] } = decodeFunctionData({ abi, data });
      if (functionName === 'approve')
        return `Approve ${formatUnits(args[1] as bigint, USDC_DECIMALS)} USDC for ${args[0]}`;
      if (functionName === 'extendLife')
        return `Buy a battery for "${args[0]}": ${formatUnits(args[1] as bigint, USDC_DECIMALS)} USDC`;
      return `${functionName}(${args.map(String).join(', ')})`;
    } catch {
      // Not this ABI; try the next.
    }
  }
  return null;
}
