/**
 * @fartwin/contracts/deployment (node only): the deployment record and the local chain bootstrap.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, getAddress, type Hex, keccak256, parseEther, parseUnits } from 'viem';
import { localUsdcAbi } from '../generated/abis.ts';
import { fartwinLifeBytecode } from '../generated/bytecode.ts';
import { confirm, createLocalClients, type LocalClients, localDevAccount } from './local/chain.ts';
import { deployLocalStack } from './local/deploy.ts';

export type { LocalClients } from './local/chain.ts';
export {
  confirm,
  createLocalClients,
  LOCAL_DEV_MNEMONIC,
  localBaseChain,
  localDevAccount,
  revertSnapshot,
  withGasHeadroom,
} from './local/chain.ts';
export {
  A0X_SUPPLY,
  MIN_A0X_PER_USDC,
  POOL_A0X,
  POOL_FEE,
  POOL_USDC,
  POOL_WETH,
  POOL_WETH_USDC,
  WETH_USDC_POOL_FEE,
} from './local/deploy.ts';
export { extendLifeGasComparison, type GasComparison } from './local/gas.ts';
export {
  createPoolWithLiquidity,
  type ExactInputSwap,
  fullRangeTicks,
  sqrtPriceX96,
  swapExactInputSingle,
} from './local/uniswap.ts';

/** Where every contract lives on one chain. Plain JSON (the file bootstrapLocalChain writes). */
export interface Deployment {
  chainId: number;
  usdc: Address;
  a0x: Address;
  fartwinLife: Address;
  agentTokenFactory: Address;
  /** Holds twins' launch positions (AgentTokenFactory's locker); absent in files written before it. */
  agentLpLocker: Address;
  /** The WETH/USDC pool twins' tokens are bought through; absent in files written before it. */
  wethUsdcPool: Address;
  uniswapV3Factory: Address;
  /** Uniswap SwapRouter02. */
  swapRouter: Address;
  positionManager: Address;
  /** The USDC/A0X pool FartwinLife swaps through. */
  pool: Address;
  /** Uniswap QuoterV2, for price quotes. */
  quoter: Address;
  weth9: Address;
  burnAddress: Address;
  /** Owner of every contract; pays each new twin's first battery. */
  operator: Address;
  deployedAtBlock: number;
  /** Local only: accounts the bootstrap has funded, so a restart funds only new ones. */
  fundedAccounts?: Address[];
  /** Local only: keccak256 of the FartwinLife build deployed, so a restart with newer code notices. */
  lifeCodeHash?: Hex;
}

/** The FartwinLife build this code deploys. */
const LIFE_CODE_HASH = keccak256(fartwinLifeBytecode);

/** A saved local chain whose life contract is older than this code: reusing it would break revivals. */
export class StaleLocalChainError extends Error {
  constructor(file: string) {
    super(
      `The local chain saved with ${file} holds an older FartwinLife than this code. ` +
        'Run `npm run reset` once (it wipes .data/: the local chain, twins and chats), then start again.',
    );
    this.name = 'StaleLocalChainError';
  }
}

const addressFields = [
  'usdc',
  'a0x',
  'fartwinLife',
  'agentTokenFactory',
  'uniswapV3Factory',
  'swapRouter',
  'positionManager',
  'pool',
  'quoter',
  'weth9',
  'burnAddress',
  'operator',
] as const satisfies readonly (keyof Deployment)[];

/** Added with the token launch pool: a saved file without them is from an older stack. */
const launchPoolFields = ['agentLpLocker', 'wethUsdcPool'] as const satisfies readonly (keyof Deployment)[];

/** The contracts whose code must still be on chain for a saved deployment to be reused. */
const contractFields = [
  ...addressFields.filter((field) => field !== 'burnAddress' && field !== 'operator'),
  ...launchPoolFields,
];

/** Reads and checks a deployment file; addresses come back checksummed. */
export function readDeployment(file: string): Deployment {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const checked = { ...raw } as unknown as Deployment;
  for (const field of addressFields) {
    const value = raw[field];
    if (typeof value !== 'string') throw new Error(`${file}: "${field}" is missing`);
    checked[field] = getAddress(value);
  }
  for (const field of launchPoolFields) {
    if (typeof raw[field] === 'string') checked[field] = getAddress(raw[field]);
  }
  if (typeof raw.chainId !== 'number') throw new Error(`${file}: "chainId" must be a number`);
  if (typeof raw.deployedAtBlock !== 'number') throw new Error(`${file}: "deployedAtBlock" must be a number`);
  if (raw.fundedAccounts !== undefined) {
    if (!Array.isArray(raw.fundedAccounts)) throw new Error(`${file}: "fundedAccounts" must be an array`);
    checked.fundedAccounts = raw.fundedAccounts.map((address) => getAddress(String(address)));
  }
  if (raw.lifeCodeHash !== undefined && typeof raw.lifeCodeHash !== 'string') {
    throw new Error(`${file}: "lifeCodeHash" must be a hex string`);
  }
  return checked;
}

/** Writes through a temporary file so a reader never sees half a file. */
function writeDeployment(file: string, deployment: Deployment): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(deployment, null, 2)}\n`);
  renameSync(temporary, file);
}

export interface BootstrapOptions extends Funding {
  rpcUrl: string;
  /** Read when present and still valid on the chain; (re)written otherwise. */
  deploymentFile: string;
  /** Accounts to give ETH and USDC (the operator is always funded), as fundAccounts does. */
  fund?: readonly Address[];
  onLog?: (line: string) => void;
}

async function isStillDeployed(clients: LocalClients, deployment: Deployment): Promise<boolean> {
  if ((await clients.publicClient.getChainId()) !== deployment.chainId) return false;
  // Fields an older file lacks are checked by the stale-stack test in bootstrapLocalChain instead.
  const present = contractFields.filter((field) => deployment[field] !== undefined);
  const codes = await Promise.all(present.map((field) => clients.publicClient.getCode({ address: deployment[field] })));
  return codes.every((code) => code !== undefined && code !== '0x');
}

function loadReusable(file: string): Deployment | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return readDeployment(file);
  } catch {
    return undefined;
  }
}

/** What each funded account gets, unless told otherwise: 10 000 USDC, and ETH up to 100. */
const DEFAULT_FUNDING = { usdcPerAccount: parseUnits('10000', 6), ethPerAccount: parseEther('100') } as const;

export interface Funding {
  /** USDC (6 decimals) minted to each account. */
  usdcPerAccount?: bigint;
  /** ETH (wei) each account is raised to, if it has less. */
  ethPerAccount?: bigint;
}

/**
 * Local chain only: raises each account's ETH (anvil's setBalance) and mints it USDC from the
 * operator, LocalUSDC's owner. Records nothing: a caller that must not fund an account twice keeps
 * its own list (bootstrapLocalChain keeps `fundedAccounts`). The mints are sent from the operator,
 * so callers that may send from it at the same time must take turns.
 */
export async function fundAccounts(
  clients: LocalClients,
  deployment: Pick<Deployment, 'usdc'>,
  accounts: readonly Address[],
  funding: Funding = {},
): Promise<void> {
  const usdcPerAccount = funding.usdcPerAccount ?? DEFAULT_FUNDING.usdcPerAccount;
  const ethPerAccount = funding.ethPerAccount ?? DEFAULT_FUNDING.ethPerAccount;
  const operatorWallet = clients.walletFor(localDevAccount(0));
  for (const account of accounts) {
    const balance = await clients.publicClient.getBalance({ address: account });
    if (balance < ethPerAccount) await clients.testClient.setBalance({ address: account, value: ethPerAccount });
    const hash = await operatorWallet.writeContract({
      address: deployment.usdc,
      abi: localUsdcAbi,
      functionName: 'mint',
      args: [account, usdcPerAccount],
    });
    await confirm(clients.publicClient, hash);
  }
}

/**
 * Makes a local anvil hold the whole stack and returns where it is.
 * On a fresh chain: deploys everything from dev account 0 (the operator), funds the operator and
 * `fund` with ETH and USDC, and writes `deploymentFile`. When that file exists and the chain still
 * has code at its addresses (anvil restarted with its saved state), reuses it and funds only
 * accounts not funded before.
 */
export async function bootstrapLocalChain(options: BootstrapOptions): Promise<Deployment> {
  const log = options.onLog ?? (() => {});
  const clients = createLocalClients(options.rpcUrl);
  const operator = localDevAccount(0).address;
  const wanted = [operator, ...(options.fund ?? [])].map((address) => getAddress(address));

  const saved = loadReusable(options.deploymentFile);
  let deployment: Deployment;
  if (saved && (await isStillDeployed(clients, saved))) {
    // Twins, lives and the index in the database belong to this chain: a newer contract cannot be
    // slipped in under them, so an older one is a clear stop rather than broken revivals later.
    // The same for twins' tokens: a chain saved before the launch pool has tokens without pools.
    if (saved.lifeCodeHash !== LIFE_CODE_HASH || !saved.agentLpLocker)
      throw new StaleLocalChainError(options.deploymentFile);
    deployment = saved;
    log(`contracts: reusing the deployment in ${options.deploymentFile}`);
  } else {
    const stack = await deployLocalStack({
      publicClient: clients.publicClient,
      wallet: clients.walletFor(localDevAccount(0)),
    });
    deployment = { chainId: clients.chain.id, ...stack, operator, fundedAccounts: [], lifeCodeHash: LIFE_CODE_HASH };
    log(
      `contracts: deployed FartwinLife at ${deployment.fartwinLife} (USDC ${deployment.usdc}, A0X ${deployment.a0x})`,
    );
  }

  const alreadyFunded = new Set(deployment.fundedAccounts ?? []);
  const toFund = [...new Set(wanted)].filter((address) => !alreadyFunded.has(address));
  if (toFund.length > 0) {
    await fundAccounts(clients, deployment, toFund, options);
    log(`contracts: funded ${toFund.length} account(s) with ETH and USDC`);
  }
  deployment = { ...deployment, fundedAccounts: [...alreadyFunded, ...toFund] };
  writeDeployment(options.deploymentFile, deployment);
  return deployment;
}
