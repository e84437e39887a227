/**
 * @fartwin/contracts: typed ABIs for the app (browser-safe: no bytecode, no node built-ins).
 * Deployment helpers for the local chain live in `@fartwin/contracts/deployment`.
 */
import { iusdcAbi } from '../generated/abis.ts';

export {
  agentLpLockerAbi,
  agentTokenAbi,
  agentTokenFactoryAbi,
  fartwinLifeAbi,
  weth9Abi,
} from '../generated/abis.ts';
export { quoterV2Abi, swapRouter02Abi, uniswapV3PoolAbi } from '../generated/uniswap-abis.ts';
export {
  approveBatteryPayment,
  batteryAuthorizationCall,
  extendLife,
  type LifeContracts,
  type PaymentOptions,
  payForBattery,
} from './battery.ts';
export {
  type BatteryAuthorization,
  type BatteryAuthorizationRequest,
  batteryAuthorizationNonce,
  batteryAuthorizationTypedData,
  receiveWithAuthorizationTypes,
  USDC_DOMAIN_NAME,
  USDC_DOMAIN_VERSION,
} from './battery-authorization.ts';
export { encodeV3Path, FEE_TICK_SPACING, type FeeTier } from './path.ts';
export {
  BASE_QUOTER_V2,
  type PayerProtection,
  payerProtection,
  quotePayerProtection,
  REVIVAL_SLIPPAGE_BPS,
  REVIVAL_VALID_FOR_SECONDS,
} from './protection.ts';
export { confirm, withGasHeadroom } from './transactions.ts';

/** USDC as clients use it: ERC-20 (balanceOf, allowance, approve, transfer…), metadata and EIP-2612 permit. */
export const usdcAbi = iusdcAbi;

/** Any ERC-20 (A0X, agent tokens): the same interface as USDC; permit only where the token has it. */
export const erc20Abi = iusdcAbi;

/** Where FartwinLife sends bought A0X by default: the conventional dead address. */
export const DEFAULT_BURN_ADDRESS = '0x000000000000000000000000000000000000dEaD' as const;
