/**
 * Deploys FartwinLife to Base (or any chain at CHAIN_RPC_URL) and prints its address, for
 * FARTWIN_LIFE_ADDRESS. The local stack needs none of this: bootstrapLocalChain deploys it.
 *
 *   CHAIN_RPC_URL          the chain's JSON-RPC (required)
 *   DEPLOYER_PRIVATE_KEY   0x + 64 hex: pays the deployment, nothing else (required)
 *   LIFE_OWNER             the admin, e.g. a multisig; not the operator's hot key (required)
 *   USDC_ADDRESS           default Base USDC 0x8335…2913
 *   A0X_ADDRESS            the token bought and burned (required)
 *   SWAP_ROUTER_ADDRESS    default Base SwapRouter02 0x2626…e481
 *   SWAP_PATH              a V3 path from USDC to A0X, hex (default: the direct pool of POOL_FEE)
 *   POOL_FEE               fee tier of the direct USDC/A0X pool: 100, 500, 3000 or 10000 (default 10000)
 *   MIN_A0X_PER_USDC       the owner's floor, whole A0X per USDC, e.g. 900 (default 0: no floor)
 *   BURN_ADDRESS           default 0x…dEaD
 */
import { pathToFileURL } from 'node:url';
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  isHex,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { deployFartwinLife, type LifeSettings } from '../src/deploy-contract.ts';
import { DEFAULT_BURN_ADDRESS } from '../src/index.ts';
import { encodeV3Path, FEE_TICK_SPACING, type FeeTier } from '../src/path.ts';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const BASE_SWAP_ROUTER_02 = '0x2626664c2603336E57B271c5C0b26F421741e481';

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

function address(env: Env, name: string, fallback?: string): Address {
  const value = env[name] ?? fallback;
  if (!value) throw new Error(`${name} is required`);
  try {
    return getAddress(value);
  } catch {
    throw new Error(`${name} must be an address (0x + 40 hex)`);
  }
}

/** FartwinLife's settings from the environment, each checked; throws naming the bad variable. */
export function lifeSettingsFromEnv(env: Env): LifeSettings {
  const usdc = address(env, 'USDC_ADDRESS', BASE_USDC);
  const a0x = address(env, 'A0X_ADDRESS');
  const fee = Number(env.POOL_FEE ?? 10000);
  if (!(fee in FEE_TICK_SPACING)) throw new Error('POOL_FEE must be 100, 500, 3000 or 10000');
  const swapPath = (env.SWAP_PATH ?? encodeV3Path([usdc, a0x], [fee as FeeTier])) as Hex;
  if (!isHex(swapPath)) throw new Error('SWAP_PATH must be hex');
  const floor = env.MIN_A0X_PER_USDC ?? '0';
  if (!/^\d+(\.\d{1,18})?$/.test(floor)) throw new Error('MIN_A0X_PER_USDC must be a number of A0X, e.g. 900');
  return {
    usdc,
    a0x,
    swapRouter: address(env, 'SWAP_ROUTER_ADDRESS', BASE_SWAP_ROUTER_02),
    burnAddress: address(env, 'BURN_ADDRESS', DEFAULT_BURN_ADDRESS),
    swapPath,
    minA0xPerUsdc: parseUnits(floor, 18),
    owner: address(env, 'LIFE_OWNER'),
  };
}

/** Deploys FartwinLife with the environment's settings; answers its address. */
export async function deployLifeFromEnv(env: Env): Promise<Address> {
  const settings = lifeSettingsFromEnv(env);
  const key = required(env, 'DEPLOYER_PRIVATE_KEY');
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error('DEPLOYER_PRIVATE_KEY must be 0x followed by 64 hex characters');
  const transport = http(required(env, 'CHAIN_RPC_URL'), { timeout: 30_000 });
  // Typed as a plain Chain: Base's OP-stack formatters make its client type narrower than the helper's.
  const chain: Chain = base;
  const publicClient = createPublicClient({ chain, transport });
  const account: Account = privateKeyToAccount(key as Hex);
  const wallet = createWalletClient({ account, chain, transport });
  return deployFartwinLife({ publicClient, wallet }, settings);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const life = await deployLifeFromEnv(process.env);
    console.log(`FartwinLife deployed at ${life}: set FARTWIN_LIFE_ADDRESS=${life}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
