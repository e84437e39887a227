import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  type ContractConstructorArgs,
  getAddress,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { fartwinLifeAbi } from '../generated/abis.ts';
import { fartwinLifeBytecode } from '../generated/bytecode.ts';
import { confirm } from './transactions.ts';

export type DeployClients = {
  publicClient: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, Account>;
};

/** Deploys a contract from the wallet's account, waits for it, and answers its address. */
export async function deployContract<const abi extends Abi>(
  { publicClient, wallet }: DeployClients,
  abi: abi,
  bytecode: Hex,
  args: ContractConstructorArgs<abi>,
): Promise<Address> {
  // viem's generic deployContract parameters cannot be narrowed from a generic ABI; the call is typed at each use.
  const hash = await wallet.deployContract({ abi, bytecode, args } as Parameters<typeof wallet.deployContract>[0]);
  const receipt = await confirm(publicClient, hash);
  if (!receipt.contractAddress) throw new Error(`Deployment ${hash} created no contract`);
  return getAddress(receipt.contractAddress);
}

/** FartwinLife's constructor arguments, by name. */
export interface LifeSettings {
  usdc: Address;
  a0x: Address;
  /** Uniswap SwapRouter02. */
  swapRouter: Address;
  burnAddress: Address;
  /** A V3 path from USDC to A0X (encodeV3Path). */
  swapPath: Hex;
  /** The owner's floor: A0X (18 decimals) per whole USDC; 0 disables it. */
  minA0xPerUsdc: bigint;
  /** The admin: on Base a multisig, not the operator's hot key. */
  owner: Address;
}

/** Deploys FartwinLife (the local bootstrap and scripts/deploy-life.ts share it). */
export function deployFartwinLife(clients: DeployClients, settings: LifeSettings): Promise<Address> {
  const { usdc, a0x, swapRouter, burnAddress, swapPath, minA0xPerUsdc, owner } = settings;
  return deployContract(clients, fartwinLifeAbi, fartwinLifeBytecode, [
    usdc,
    a0x,
    swapRouter,
    burnAddress,
    swapPath,
    minA0xPerUsdc,
    owner,
  ]);
}
