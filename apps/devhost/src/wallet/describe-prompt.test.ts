import { encodeV3Path, fartwinLifeAbi, swapRouter02Abi, usdcAbi } from '@fartwin/contracts';
import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { approvedTokens, describePrompt } from './describe-prompt.ts';

const from = '0x1111111111111111111111111111111111111111';
const usdc = '0x2222222222222222222222222222222222222222';
const life = '0x3333333333333333333333333333333333333333';

describe('the wallet sheet', () => {
  it('words a signed USDC transfer (EIP-3009, a revival with only USDC) as the payment it allows', () => {
    const typedData = JSON.stringify({
      domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: usdc },
      primaryType: 'ReceiveWithAuthorization',
      message: {
        from,
        to: life,
        value: '1000000',
        validAfter: '0',
        validBefore: '1800000000',
        nonce: `0x${'1'.repeat(64)}`,
      },
    });
    expect(describePrompt({ kind: 'signature', from, message: typedData })).toEqual({
      title: 'Signature request',
      lines: [`Allow 1 USDC to ${life}, no gas (ReceiveWithAuthorization)`, 'Valid until 2027-01-15T08:00:00.000Z'],
    });
    // Any other typed data is shown as it is.
    const other = JSON.stringify({ primaryType: 'Mail', message: { text: 'hi' } });
    expect(describePrompt({ kind: 'signature', from, message: other }).lines).toEqual([other]);
  });

  it('describes a swap through the router: what goes in and the least that comes out', () => {
    const router = '0x4444444444444444444444444444444444444444';
    const data = encodeFunctionData({
      abi: swapRouter02Abi,
      functionName: 'exactInput',
      args: [
        { path: encodeV3Path([usdc, life], [500]), recipient: from, amountIn: 10_000_000n, amountOutMinimum: 42n },
      ],
    });
    expect(describePrompt({ kind: 'transaction', from, to: router, data, value: 0n })).toEqual({
      title: 'Confirm transaction',
      lines: [`To ${router}`, 'Swap on Uniswap: 10000000 in (raw units), at least 42 out'],
    });
  });

  it('describes a bundle (EIP-5792) in one prompt: each call in order, and whether it is all or none', () => {
    const calls = [
      {
        to: usdc,
        value: 0n,
        data: encodeFunctionData({ abi: usdcAbi, functionName: 'approve', args: [life, 1_000_000n] }),
      },
      {
        to: life,
        value: 0n,
        data: encodeFunctionData({
          abi: fartwinLifeAbi,
          functionName: 'extendLife',
          args: ['0d1c8f3e-5b7a-4c2e-9f6d-3a8b1e4c7d20', 1_000_000n, 990n * 10n ** 18n, 1_800_000_000n],
        }),
      },
    ] as const;
    const usdcToken = (address: string) => (address === usdc ? { symbol: 'USDC', decimals: 6 } : undefined);
    expect(describePrompt({ kind: 'calls', from, calls: [...calls], atomic: true }, usdcToken)).toEqual({
      title: 'Confirm 2 calls, all or none',
      lines: [
        `1. To ${usdc}`,
        `1. Approve 1 USDC for ${life}`,
        `2. To ${life}`,
        '2. Buy a battery for "0d1c8f3e-5b7a-4c2e-9f6d-3a8b1e4c7d20": 1 USDC',
      ],
    });
    expect(describePrompt({ kind: 'calls', from, calls: [...calls], atomic: false }).title).toBe(
      'Confirm 2 calls, one by one',
    );
  });

  it('names the token an approval is for, in its own units; while it is unknown, raw units and its address', () => {
    const twinToken = '0x5555555555555555555555555555555555555555';
    const prompt = {
      kind: 'transaction',
      from,
      to: twinToken,
      value: 0n,
      data: encodeFunctionData({ abi: usdcAbi, functionName: 'approve', args: [life, 2_500_000_000_000_000_000n] }),
    } as const;
    expect(approvedTokens(prompt)).toEqual([twinToken]);
    const tokens = (address: string) => (address === twinToken ? { symbol: 'ALICE', decimals: 18 } : undefined);
    expect(describePrompt(prompt, tokens).lines).toEqual([`To ${twinToken}`, `Approve 2.5 ALICE for ${life}`]);
    expect(describePrompt(prompt).lines).toEqual([
      `To ${twinToken}`,
      `Approve 2500000000000000000 (raw units) of the token at ${twinToken} for ${life}`,
    ]);
    // Only approvals are looked up: a battery's purchase names no token to read.
    const battery = encodeFunctionData({
      abi: fartwinLifeAbi,
      functionName: 'extendLife',
      args: ['agent-1', 1_000_000n, 0n, 1_800_000_000n],
    });
    expect(approvedTokens({ kind: 'transaction', from, to: life, value: 0n, data: battery })).toEqual([]);
  });
});
