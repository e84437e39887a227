import { maxUint256, parseEther, parseSignature } from 'viem';
import { describe, expect, it } from 'vitest';
import { a0xAbi, localUsdcAbi, weth9Abi } from '../generated/abis.ts';
import { expectRevert, useTestChain } from './support/chain.ts';
import { send, USDC } from './support/life.ts';

const chain = useTestChain();
const usdc = () => ({ address: chain().deployment.usdc, abi: localUsdcAbi }) as const;

describe('LocalUSDC', () => {
  it('looks like USDC on Base', async () => {
    const { publicClient } = chain();
    expect(await publicClient.readContract({ ...usdc(), functionName: 'name' })).toBe('USD Coin');
    expect(await publicClient.readContract({ ...usdc(), functionName: 'symbol' })).toBe('USDC');
    expect(await publicClient.readContract({ ...usdc(), functionName: 'decimals' })).toBe(6);
    const [, name, version, chainId] = await publicClient.readContract({ ...usdc(), functionName: 'eip712Domain' });
    expect({ name, version, chainId }).toEqual({ name: 'USD Coin', version: '2', chainId: 8453n });
  });

  it('accepts an EIP-2612 permit signed with the USDC domain', async () => {
    const { alice, bob, publicClient, deployment } = chain();
    const deadline = (await publicClient.getBlock()).timestamp + 3600n;
    const nonce = await publicClient.readContract({ ...usdc(), functionName: 'nonces', args: [alice.account.address] });
    const signature = await alice.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: deployment.usdc },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner: alice.account.address, spender: bob.account.address, value: 5n * USDC, nonce, deadline },
    });
    const { v, r, s } = parseSignature(signature);
    const args = [alice.account.address, bob.account.address, 5n * USDC, deadline, Number(v), r, s] as const;
    // Anyone may submit the permit.
    await send(chain(), bob.writeContract({ ...usdc(), functionName: 'permit', args }));
    expect(
      await publicClient.readContract({
        ...usdc(),
        functionName: 'allowance',
        args: [alice.account.address, bob.account.address],
      }),
    ).toBe(5n * USDC);
    expect(await publicClient.readContract({ ...usdc(), functionName: 'nonces', args: [alice.account.address] })).toBe(
      nonce + 1n,
    );
    // Replaying the same signature recovers a different signer.
    await expectRevert(bob.writeContract({ ...usdc(), functionName: 'permit', args }), 'ERC2612InvalidSigner');
    await expectRevert(
      bob.writeContract({
        ...usdc(),
        functionName: 'permit',
        args: [alice.account.address, bob.account.address, 5n * USDC, 1n, 27, r, s],
      }),
      'ERC2612ExpiredSignature',
    );
  });

  it('lets only the owner mint', async () => {
    const { operator, mallory, publicClient } = chain();
    await expectRevert(
      mallory.writeContract({ ...usdc(), functionName: 'mint', args: [mallory.account.address, USDC] }),
      'OwnableUnauthorizedAccount',
    );
    const before = await publicClient.readContract({ ...usdc(), functionName: 'totalSupply' });
    await send(
      chain(),
      operator.writeContract({ ...usdc(), functionName: 'mint', args: [mallory.account.address, USDC] }),
    );
    expect(await publicClient.readContract({ ...usdc(), functionName: 'totalSupply' })).toBe(before + USDC);
  });
});

describe('A0X and WETH9', () => {
  it('A0X is an 18-decimal token named A0X', async () => {
    const { publicClient, deployment } = chain();
    const a0x = { address: deployment.a0x, abi: a0xAbi } as const;
    expect(await publicClient.readContract({ ...a0x, functionName: 'name' })).toBe('A0X');
    expect(await publicClient.readContract({ ...a0x, functionName: 'symbol' })).toBe('A0X');
    expect(await publicClient.readContract({ ...a0x, functionName: 'decimals' })).toBe(18);
  });

  it('WETH9 wraps and unwraps ether', async () => {
    const { alice, publicClient, deployment } = chain();
    const weth = { address: deployment.weth9, abi: weth9Abi } as const;
    await send(chain(), alice.sendTransaction({ to: deployment.weth9, value: parseEther('2') }));
    await send(chain(), alice.writeContract({ ...weth, functionName: 'deposit', value: parseEther('1') }));
    expect(await publicClient.readContract({ ...weth, functionName: 'balanceOf', args: [alice.account.address] })).toBe(
      parseEther('3'),
    );
    await send(chain(), alice.writeContract({ ...weth, functionName: 'withdraw', args: [parseEther('3')] }));
    expect(await publicClient.readContract({ ...weth, functionName: 'balanceOf', args: [alice.account.address] })).toBe(
      0n,
    );
    await expectRevert(
      alice.writeContract({ ...weth, functionName: 'withdraw', args: [maxUint256] }),
      'ERC20InsufficientBalance',
    );
  });
});
