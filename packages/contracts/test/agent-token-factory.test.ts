import { type Address, isAddressEqual, maxUint256, parseEther, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { agentLpLockerAbi, agentTokenAbi, agentTokenFactoryAbi, weth9Abi } from '../generated/abis.ts';
import { nonfungiblePositionManagerAbi, uniswapV3PoolAbi } from '../generated/uniswap-abis.ts';
import { swapExactInputSingle } from '../src/local/uniswap.ts';
import { expectRevert, type TestChain, useTestChain } from './support/chain.ts';
import { send } from './support/life.ts';

const chain = useTestChain();
const factory = () => ({ address: chain().deployment.agentTokenFactory, abi: agentTokenFactoryAbi }) as const;
const locker = () => ({ address: chain().deployment.agentLpLocker, abi: agentLpLockerAbi }) as const;
const positions = () => ({ address: chain().deployment.positionManager, abi: nonfungiblePositionManagerAbi }) as const;
const SUPPLY = 100_000_000_000n * 10n ** 18n;
const POOL_FEE = 10_000;

type Wallet = TestChain['alice'];

interface Launched {
  token: Address;
  pool: Address;
  positionId: bigint;
}

async function launch(symbol: string, recipient: Address): Promise<Launched> {
  const receipt = await send(
    chain(),
    chain().alice.writeContract({ ...factory(), functionName: 'createToken', args: ['Twin', symbol, recipient] }),
  );
  const [event] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenLaunched' });
  if (!event) throw new Error('no AgentTokenLaunched');
  return event.args as Launched;
}

const balanceOf = (token: Address, owner: Address) =>
  chain().publicClient.readContract({ address: token, abi: agentTokenAbi, functionName: 'balanceOf', args: [owner] });

/** A token's image, metadata and context, read with the getters Clanker's tokens have. */
const launchInfoOf = (token: Address) =>
  Promise.all(
    (['imageUrl', 'metadata', 'context'] as const).map((functionName) =>
      chain().publicClient.readContract({ address: token, abi: agentTokenAbi, functionName }),
    ),
  );

/** Swaps exactly `amountIn` of `tokenIn` for the other token of the launch pool through SwapRouter02. */
async function swap(wallet: Wallet, tokenIn: Address, tokenOut: Address, amountIn: bigint) {
  const { deployment } = chain();
  if (isAddressEqual(tokenIn, deployment.weth9)) {
    await send(
      chain(),
      wallet.writeContract({ address: tokenIn, abi: weth9Abi, functionName: 'deposit', value: amountIn }),
    );
  }
  await swapExactInputSingle(chain().publicClient, wallet, {
    router: deployment.swapRouter,
    tokenIn,
    tokenOut,
    fee: POOL_FEE,
    amountIn,
  });
}

const liquidityOf = async (positionId: bigint) =>
  (await chain().publicClient.readContract({ ...positions(), functionName: 'positions', args: [positionId] }))[7];

const poolPrice = async (pool: Address) =>
  (await chain().publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'slot0' }))[0];

/** Tokens' addresses fall either side of WETH's: launches until one of each order exists. */
async function launchBothOrders(recipient: Address): Promise<Launched[]> {
  const weth = BigInt(chain().deployment.weth9);
  const byOrder = new Map<boolean, Launched>();
  for (let index = 0; byOrder.size < 2 && index < 20; index++) {
    const launched = await launch(`T${index}`, recipient);
    byOrder.set(BigInt(launched.token) < weth, launched);
  }
  expect(byOrder.size).toBe(2);
  return [...byOrder.values()];
}

describe('AgentTokenFactory', () => {
  it('puts the whole supply in a WETH pool, held by the locker for the recipient, and nothing in the recipient wallet', async () => {
    const { alice, bob, publicClient, deployment } = chain();
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
    const [created] = parseEventLogs({ abi: agentTokenFactoryAbi, logs: receipt.logs, eventName: 'AgentTokenCreated' });
    expect(created?.args).toEqual({
      token: predicted,
      name: 'Alice Twin',
      symbol: 'ALICE',
      recipient: bob.account.address,
    });
    const [launched] = parseEventLogs({
      abi: agentTokenFactoryAbi,
      logs: receipt.logs,
      eventName: 'AgentTokenLaunched',
    });
    const { token, pool, positionId } = launched!.args;

    const read = <const F extends 'name' | 'symbol' | 'decimals' | 'totalSupply'>(functionName: F) =>
      publicClient.readContract({ address: token, abi: agentTokenAbi, functionName });
    expect(await read('name')).toBe('Alice Twin');
    expect(await read('symbol')).toBe('ALICE');
    expect(await read('decimals')).toBe(18);
    expect(await read('totalSupply')).toBe(SUPPLY);
    // All of it in the pool but the rounding dust burnt; none to the twin, none kept by the factory.
    const inPool = await balanceOf(token, pool);
    expect(SUPPLY - inPool).toBeLessThan(SUPPLY / 10n ** 12n);
    expect(await balanceOf(token, bob.account.address)).toBe(0n);
    expect(await balanceOf(token, deployment.agentTokenFactory)).toBe(0n);
    // The pool is the token against WETH at 1 %, and the position is the locker's, for bob.
    const poolTokens = await Promise.all(
      (['token0', 'token1'] as const).map((functionName) =>
        publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName }),
      ),
    );
    expect(poolTokens.map((address) => address.toLowerCase()).sort()).toEqual(
      [token, deployment.weth9].map((address) => address.toLowerCase()).sort(),
    );
    expect(await publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'fee' })).toBe(
      POOL_FEE,
    );
    expect(await publicClient.readContract({ ...positions(), functionName: 'ownerOf', args: [positionId] })).toBe(
      deployment.agentLpLocker,
    );
    expect(await publicClient.readContract({ ...locker(), functionName: 'locks', args: [token] })).toEqual([
      positionId,
      bob.account.address,
    ]);
  });

  it('opens one-sided like Clanker: about 10 ETH of market cap, the range above the price, whichever token sorts first', async () => {
    const { bob, publicClient } = chain();
    for (const { token, pool, positionId } of await launchBothOrders(bob.account.address)) {
      const [sqrtPriceX96, tick] = await publicClient.readContract({
        address: pool,
        abi: uniswapV3PoolAbi,
        functionName: 'slot0',
      });
      const [, , , , , tickLower, tickUpper] = await publicClient.readContract({
        ...positions(),
        functionName: 'positions',
        args: [positionId],
      });
      const tokenIsToken0 = isAddressEqual(
        await publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: 'token0' }),
        token,
      );
      // WETH per token, from the pool's price (token1 per token0).
      const price = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
      const wethPerToken = tokenIsToken0 ? price : 1 / price;
      expect(wethPerToken * 100e9).toBeGreaterThan(9.8);
      expect(wethPerToken * 100e9).toBeLessThan(10);
      if (tokenIsToken0) {
        expect([tickLower, tickUpper]).toEqual([-230_400, -120_000]);
        expect(tick).toBeLessThan(tickLower);
      } else {
        expect([tickLower, tickUpper]).toEqual([120_000, 230_400]);
        expect(tick).toBeGreaterThanOrEqual(tickUpper);
      }
    }
  });

  it('records what the token says of who launched it, read with the getters Clanker tokens have', async () => {
    const { alice, bob } = chain();
    const metadata = JSON.stringify({ description: "@alice's AI twin on Fartwin", socialMediaUrls: [] });
    const context = JSON.stringify({ interface: 'Fartwin', platform: 'farcaster', id: '1001' });
    const receipt = await send(
      chain(),
      alice.writeContract({
        ...factory(),
        functionName: 'createTokenWithInfo',
        args: ['Alice Twin', 'ALICE', bob.account.address, 'https://example.com/a.png', metadata, context],
      }),
    );
    const [launched] = parseEventLogs({
      abi: agentTokenFactoryAbi,
      logs: receipt.logs,
      eventName: 'AgentTokenLaunched',
    });
    expect(await launchInfoOf(launched!.args.token)).toEqual(['https://example.com/a.png', metadata, context]);
    // Launched like any other: the locked position pays the recipient.
    const [, recipient] = await chain().publicClient.readContract({
      ...locker(),
      functionName: 'locks',
      args: [launched!.args.token],
    });
    expect(recipient).toBe(bob.account.address);
    // createToken records nothing.
    const plain = await launch('PLAIN', bob.account.address);
    expect(await launchInfoOf(plain.token)).toEqual(['', '', '']);
    await expectRevert(
      alice.writeContract({
        ...factory(),
        functionName: 'createTokenWithInfo',
        args: ['', 'X', bob.account.address, '', '', ''],
      }),
      'EmptyName',
    );
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
      alice.writeContract({ ...factory(), functionName: 'createToken', args: ['X', 'X', zeroAddress] }),
      'ZeroRecipient',
    );
  });
});

describe('AgentLpLocker', () => {
  it('trades move the price, and collecting sends only the fees, only to the twin wallet, whoever calls it', async () => {
    const { alice, bob, mallory, deployment } = chain();
    for (const { token, pool, positionId } of await launchBothOrders(bob.account.address)) {
      const liquidity = await liquidityOf(positionId);
      const before = await poolPrice(pool);
      const wethBefore = await balanceOf(deployment.weth9, bob.account.address);
      // Alice buys with 1 WETH (1 % fee in WETH), then sells half of what she got (1 % fee in the token).
      await swap(alice, deployment.weth9, token, parseEther('1'));
      expect(await poolPrice(pool)).not.toBe(before);
      const bought = await balanceOf(token, alice.account.address);
      expect(bought).toBeGreaterThan(0n);
      await swap(alice, token, deployment.weth9, bought / 2n);

      const malloryWeth = await balanceOf(deployment.weth9, mallory.account.address);
      await send(chain(), mallory.writeContract({ ...locker(), functionName: 'collectRewards', args: [token] }));
      const wethFees = (await balanceOf(deployment.weth9, bob.account.address)) - wethBefore;
      const tokenFees = await balanceOf(token, bob.account.address);
      // 1 % of 1 WETH, less the pool's rounding; 1 % of the half sold (fees round up, by a hair).
      expect(wethFees).toBeGreaterThan(parseEther('0.0099'));
      expect(wethFees).toBeLessThanOrEqual(parseEther('0.01'));
      expect(tokenFees).toBeGreaterThan(((bought / 2n) * 99n) / 10_000n);
      expect(tokenFees).toBeLessThanOrEqual(bought / 200n + bought / 10n ** 9n);
      expect(await balanceOf(deployment.weth9, mallory.account.address)).toBe(malloryWeth);
      // The liquidity itself stays: a second collect finds nothing.
      expect(await liquidityOf(positionId)).toBe(liquidity);
      await send(chain(), mallory.writeContract({ ...locker(), functionName: 'collectRewards', args: [token] }));
      expect(await balanceOf(token, bob.account.address)).toBe(tokenFees);
    }
  });

  it('cannot give up the position: no withdrawal, no transfer, no new lock but the factory', async () => {
    const { bob, mallory, operator, deployment } = chain();
    const { token, positionId } = await launch('LOCK', bob.account.address);
    // Its whole surface: the lock the factory makes and the fee collection.
    const writes = agentLpLockerAbi
      .filter((item) => item.type === 'function' && item.stateMutability !== 'view')
      .map((item) => (item as { name: string }).name)
      .sort();
    expect(writes).toEqual(['collectRewards', 'lock']);
    for (const wallet of [mallory, operator, bob]) {
      await expectRevert(
        wallet.writeContract({ ...locker(), functionName: 'lock', args: [token, positionId, wallet.account.address] }),
        'NotFactory',
      );
      // The position manager only lets the NFT's owner (the locker) move it or take liquidity out.
      await expect(
        wallet.writeContract({
          ...positions(),
          functionName: 'decreaseLiquidity',
          args: [{ tokenId: positionId, liquidity: 1n, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
        }),
      ).rejects.toThrow(/Not approved/);
      await expect(
        wallet.writeContract({
          ...positions(),
          functionName: 'transferFrom',
          args: [deployment.agentLpLocker, wallet.account.address, positionId],
        }),
      ).rejects.toThrow(/not owner nor approved/);
    }
    await expectRevert(
      mallory.writeContract({ ...locker(), functionName: 'collectRewards', args: [deployment.a0x] }),
      'UnknownToken',
    );
  });
});
