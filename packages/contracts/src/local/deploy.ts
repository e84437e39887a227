import { type Address, parseUnits, zeroAddress } from 'viem';
import { a0xAbi, agentTokenFactoryAbi, localUsdcAbi, weth9Abi } from '../../generated/abis.ts';
import { a0xBytecode, agentTokenFactoryBytecode, localUsdcBytecode, weth9Bytecode } from '../../generated/bytecode.ts';
import {
  nonfungiblePositionManagerAbi,
  quoterV2Abi,
  swapRouter02Abi,
  uniswapV3FactoryAbi,
} from '../../generated/uniswap-abis.ts';
import {
  nonfungiblePositionManagerBytecode,
  quoterV2Bytecode,
  swapRouter02Bytecode,
  uniswapV3FactoryBytecode,
} from '../../generated/uniswap-bytecode.ts';
import { type DeployClients, deployContract, deployFartwinLife } from '../deploy-contract.ts';
import { DEFAULT_BURN_ADDRESS } from '../index.ts';
import { encodeV3Path, type FeeTier } from '../path.ts';
import { confirm } from './chain.ts';
import { createPoolWithLiquidity } from './uniswap.ts';

/** The seeded pool: 1 USDC = 1000 A0X, deep enough that test-sized swaps barely move the price. */
export const POOL_FEE: FeeTier = 3000;
export const POOL_USDC = parseUnits('1000000', 6);
export const POOL_A0X = parseUnits('1000000000', 18);
/** The seeded WETH/USDC pool (Base's 0.05 % tier): 1 ETH = 3000 USDC. Twins' tokens trade against WETH. */
export const WETH_USDC_POOL_FEE: FeeTier = 500;
export const POOL_WETH = parseUnits('100', 18);
export const POOL_WETH_USDC = parseUnits('300000', 6);
/** The whole A0X supply, minted to the operator (who seeds the pool with part of it). */
export const A0X_SUPPLY = parseUnits('100000000000', 18);
/** Slippage floor: 10 % under the seeded price (0.3 % fee + price impact stay well inside it). */
export const MIN_A0X_PER_USDC = parseUnits('900', 18);

export interface DeployedStack {
  weth9: Address;
  usdc: Address;
  a0x: Address;
  uniswapV3Factory: Address;
  positionManager: Address;
  swapRouter: Address;
  quoter: Address;
  pool: Address;
  agentTokenFactory: Address;
  /** Holds every twin token's launch position; its fees go to the twin's wallet. */
  agentLpLocker: Address;
  /** WETH/USDC: how a twin's token (against WETH) is bought with USDC, and its fees sold for USDC. */
  wethUsdcPool: Address;
  fartwinLife: Address;
  burnAddress: Address;
  deployedAtBlock: number;
}

/**
 * Deploys the whole local stack from the wallet's account (which becomes every owner):
 * tokens, real Uniswap V3 (factory, position manager, SwapRouter02, QuoterV2), a seeded
 * USDC/A0X pool, the agent token factory and FartwinLife configured to swap through that pool.
 */
export async function deployLocalStack(clients: DeployClients): Promise<DeployedStack> {
  const { publicClient, wallet } = clients;
  const operator = wallet.account.address;
  const deployedAtBlock = Number(await publicClient.getBlockNumber({ cacheTime: 0 })) + 1;

  const weth9 = await deployContract(clients, weth9Abi, weth9Bytecode, []);
  const usdc = await deployContract(clients, localUsdcAbi, localUsdcBytecode, [operator]);
  const a0x = await deployContract(clients, a0xAbi, a0xBytecode, [operator, A0X_SUPPLY]);
  const uniswapV3Factory = await deployContract(clients, uniswapV3FactoryAbi, uniswapV3FactoryBytecode, []);
  // No token descriptor: it only renders position NFTs' tokenURI, which nothing here reads.
  const positionManager = await deployContract(
    clients,
    nonfungiblePositionManagerAbi,
    nonfungiblePositionManagerBytecode,
    [uniswapV3Factory, weth9, zeroAddress],
  );
  // No V2 factory: only V3 routes are used.
  const swapRouter = await deployContract(clients, swapRouter02Abi, swapRouter02Bytecode, [
    zeroAddress,
    uniswapV3Factory,
    positionManager,
    weth9,
  ]);
  const quoter = await deployContract(clients, quoterV2Abi, quoterV2Bytecode, [uniswapV3Factory, weth9]);
  const agentTokenFactory = await deployContract(clients, agentTokenFactoryAbi, agentTokenFactoryBytecode, [
    positionManager,
    weth9,
  ]);
  const agentLpLocker = await publicClient.readContract({
    address: agentTokenFactory,
    abi: agentTokenFactoryAbi,
    functionName: 'locker',
  });

  // The operator seeds both pools: USDC for each, and WETH wrapped from its ETH.
  await confirm(
    publicClient,
    await wallet.writeContract({
      address: usdc,
      abi: localUsdcAbi,
      functionName: 'mint',
      args: [operator, POOL_USDC + POOL_WETH_USDC],
    }),
  );
  await confirm(
    publicClient,
    await wallet.writeContract({ address: weth9, abi: weth9Abi, functionName: 'deposit', value: POOL_WETH }),
  );
  const seeds = [
    { fee: POOL_FEE, tokenA: { token: usdc, amount: POOL_USDC }, tokenB: { token: a0x, amount: POOL_A0X } },
    {
      fee: WETH_USDC_POOL_FEE,
      tokenA: { token: usdc, amount: POOL_WETH_USDC },
      tokenB: { token: weth9, amount: POOL_WETH },
    },
  ];
  const pools: Address[] = [];
  for (const seed of seeds) {
    pools.push(
      await createPoolWithLiquidity(publicClient, wallet, { positionManager, factory: uniswapV3Factory, ...seed }),
    );
  }
  const [pool, wethUsdcPool] = pools as [Address, Address];
  const burnAddress = DEFAULT_BURN_ADDRESS;
  const fartwinLife = await deployFartwinLife(clients, {
    usdc,
    a0x,
    swapRouter,
    burnAddress,
    swapPath: encodeV3Path([usdc, a0x], [POOL_FEE]),
    minA0xPerUsdc: MIN_A0X_PER_USDC,
    owner: operator,
  });

  return {
    weth9,
    usdc,
    a0x,
    uniswapV3Factory,
    positionManager,
    swapRouter,
    quoter,
    pool,
    agentTokenFactory,
    agentLpLocker,
    wethUsdcPool,
    fartwinLife,
    burnAddress,
    deployedAtBlock,
  };
}
