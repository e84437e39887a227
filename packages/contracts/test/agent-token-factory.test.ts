import { type Address, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { agentTokenAbi, agentTokenFactoryAbi } from '../generated/abis.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import { send } from './support/life.ts';

const chain = useTestChain();
const factory = () => ({ address: chain().deployment.agentTokenFactory, abi: agentTokenFactoryAbi }) as const;
const SUPPLY = 100_000_000_000n * 10n ** 18n;

describe('AgentTokenFactory', () => {
  it('deploys a fixed-supply ERC-20 minted to the recipient and emits AgentTokenCreated', async () => {
    const { alice, bob, publicClient } = chain();
    const { result: predicted } = await publicClient.simulateContract({
      ...factory(),
      account: alice.account,
      functionName: 'createToken',
      args: ['Alice Twin', 'ALICE', bob.account.address],
    });
    const receipt = await send(
      chain(),
      alice.writeContract({
        ...factory(),
        functionName: 'createToken',
        args: ['Alice Twin', 'ALICE', bob.account.address],
      }),
    );
    const [event] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenCreated' });
    expect(event?.args).toEqual({
      token: predicted,
      name: 'Alice Twin',
      symbol: 'ALICE',
      recipient: bob.account.address,
    });

    const token = { address: predicted as Address, abi: agentTokenAbi } as const;
    expect(await publicClient.readContract({ ...token, functionName: 'name' })).toBe('Alice Twin');
    expect(await publicClient.readContract({ ...token, functionName: 'symbol' })).toBe('ALICE');
    expect(await publicClient.readContract({ ...token, functionName: 'decimals' })).toBe(18);
    expect(await publicClient.readContract({ ...token, functionName: 'totalSupply' })).toBe(SUPPLY);
    expect(await publicClient.readContract({ ...token, functionName: 'balanceOf', args: [bob.account.address] })).toBe(
      SUPPLY,
    );
    expect(await publicClient.readContract({ ...factory(), functionName: 'TOKEN_SUPPLY' })).toBe(SUPPLY);
  });

  it('creates a distinct token on every call', async () => {
    const { alice } = chain();
    const tokens = new Set<string>();
    for (const symbol of ['A', 'B', 'A']) {
      const receipt = await send(
        chain(),
        alice.writeContract({
          ...factory(),
          functionName: 'createToken',
          args: ['Twin', symbol, alice.account.address],
        }),
      );
      const [event] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenCreated' });
      tokens.add(event?.args.token ?? '');
    }
    expect(tokens.size).toBe(3);
  });

  it('rejects an empty name or symbol, and the zero recipient', async () => {
    const { alice } = chain();
    await expectRevert(
      alice.writeContract({ ...factory(), functionName: 'createToken', args: ['', 'X', alice.account.address] }),
      'EmptyName',
    );
    await expectRevert(
      alice.writeContract({ ...factory(), functionName: 'createToken', args: ['X', '', alice.account.address] }),
      'EmptySymbol',
    );
    await expectRevert(
      alice.writeContract({
        ...factory(),
        abi: [...agentTokenFactoryAbi, ...agentTokenAbi],
        functionName: 'createToken',
        args: ['X', 'X', zeroAddress],
      }),
      'ERC20InvalidReceiver',
    );
  });
});
