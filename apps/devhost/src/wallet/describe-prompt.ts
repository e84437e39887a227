import { erc20Abi, fartwinLifeAbi, swapRouter02Abi } from '@fartwin/contracts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { type Address, decodeFunctionData, formatEther, formatUnits, type Hex, hexToString, isHex } from 'viem';
import type { WalletPrompt } from './dev-wallet.ts';

/** A token's symbol and decimals, by its address: undefined while unknown (not read yet, or not a token). */
export type TokenLookup = (address: Address) => { symbol: string; decimals: number } | undefined;

/**
 * A readable line for the wallet sheet: what the transaction does, decoded when it is ours. An
 * approval names the token it is for as `tokenOf` knows it (the sheet reads approvedTokens' ones).
 */
export function describePrompt(
  prompt: WalletPrompt,
  tokenOf: TokenLookup = () => undefined,
): { title: string; lines: string[] } {
  if (prompt.kind === 'switch-chain') {
    return { title: 'Switch network', lines: [`From chain ${prompt.fromChainId} to chain ${prompt.toChainId}`] };
  }
  if (prompt.kind === 'signature') {
    const transfer = describeTransferAuthorization(prompt.message);
    if (transfer) return { title: 'Signature request', lines: transfer };
    // personal_sign sends the text as hex; a wallet shows the text.
    const text = isHex(prompt.message) ? hexToString(prompt.message) : prompt.message;
    return { title: 'Signature request', lines: [text.slice(0, 400)] };
  }
  if (prompt.kind === 'calls') {
    // One prompt for the whole bundle (EIP-5792): each call, in the order they are sent.
    const title = `Confirm ${prompt.calls.length} calls${prompt.atomic ? ', all or none' : ', one by one'}`;
    return {
      title,
      lines: prompt.calls.flatMap((call, index) => describeCall(call, tokenOf).map((line) => `${index + 1}. ${line}`)),
    };
  }
  return { title: 'Confirm transaction', lines: describeCall(prompt, tokenOf) };
}

/** The tokens whose spending the prompt approves: the ones the sheet reads to name them. */
export function approvedTokens(prompt: WalletPrompt): Address[] {
  const calls = prompt.kind === 'calls' ? prompt.calls : prompt.kind === 'transaction' ? [prompt] : [];
  return calls.flatMap((call) => (call.to && call.data && isApproval(call.data) ? [call.to] : []));
}

/** ERC-20's approve(spender, amount), whichever token it is sent to. */
function isApproval(data: Hex): boolean {
  try {
    return decodeFunctionData({ abi: erc20Abi, data }).functionName === 'approve';
  } catch {
    return false;
  }
}

type Call = { to?: Address; data?: Hex; value: bigint };

function describeCall(call: Call, tokenOf: TokenLookup): string[] {
  const lines = [`To ${call.to ?? '(new contract)'}`];
  if (call.value > 0n) lines.push(`Value ${formatEther(call.value)} ETH`);
  const decoded = call.data ? decodeCall(call, call.data, tokenOf) : null;
  if (decoded) lines.push(decoded);
  else if (call.data) lines.push(`Data ${call.data.slice(0, 74)}…`);
  return lines;
}

function decodeCall(call: Call, data: Hex, tokenOf: TokenLookup): string | null {
  for (const abi of [erc20Abi, fartwinLifeAbi, swapRouter02Abi]) {
    try {
      const { functionName, args = [] } = decodeFunctionData({ abi, data });
      if (functionName === 'exactInput') {
        // Raw units: the path's tokens (and their decimals) are the swap sheet's to show.
        const { amountIn, amountOutMinimum } = args[0] as { amountIn: bigint; amountOutMinimum: bigint };
        return `Swap on Uniswap: ${amountIn} in (raw units), at least ${amountOutMinimum} out`;
      }
      if (functionName === 'approve') return describeApproval(call.to, args as readonly [Address, bigint], tokenOf);
      if (functionName === 'extendLife')
        return `Buy a battery for "${args[0]}": ${formatUnits(args[1] as bigint, USDC_DECIMALS)} USDC`;
      return `${functionName}(${args.map(String).join(', ')})`;
    } catch {
      // Not this ABI; try the next.
    }
  }
  return null;
}

/** An approval in the token's own units and symbol; raw units and its address while the token is unknown. */
function describeApproval(
  token: Address | undefined,
  [spender, amount]: readonly [Address, bigint],
  tokenOf: TokenLookup,
) {
  const known = token ? tokenOf(token) : undefined;
  if (known) return `Approve ${formatUnits(amount, known.decimals)} ${known.symbol} for ${spender}`;
  return `Approve ${amount} (raw units) of the token at ${token ?? '(no address)'} for ${spender}`;
}

/**
 * An EIP-3009 authorization (eth_signTypedData_v4's JSON) in words, as wallets show USDC's signed
 * transfers: who may move how much to whom, until when. Null for any other message.
 */
function describeTransferAuthorization(message: string): string[] | null {
  let typed: { primaryType?: unknown; message?: Record<string, unknown> };
  try {
    typed = JSON.parse(message);
  } catch {
    return null;
  }
  const kind = typed.primaryType;
  if ((kind !== 'ReceiveWithAuthorization' && kind !== 'TransferWithAuthorization') || !typed.message) return null;
  const { to, value, validBefore } = typed.message;
  const until = new Date(Number(validBefore) * 1000).toISOString();
  return [
    `Allow ${formatUnits(BigInt(String(value)), USDC_DECIMALS)} USDC to ${String(to)}, no gas (${kind})`,
    `Valid until ${until}`,
  ];
}
