/**
 * @fartwin/contracts/battery-authorization: revival with only USDC, the EIP-3009
 * `ReceiveWithAuthorization` a payer signs so that someone else submits
 * FartwinLife.extendLifeWithAuthorization and pays the gas. viem only, no ABI (the mini-app takes it
 * without the generated ABIs): the mini-app builds what the wallet signs, the server checks it.
 */
import { type Address, encodeAbiParameters, type Hex, keccak256, toHex } from 'viem';

/**
 * One battery: the only value the relayed entry accepts (FartwinLife.MIN_USDC_AMOUNT), the product's
 * price (@fartwin/protocol BATTERY_PRICE_USDC, which this package does not depend on).
 */
const BATTERY_USDC = 1_000_000n;

/** USDC's EIP-712 domain on Base and locally: name "USD Coin", version "2". */
export const USDC_DOMAIN_NAME = 'USD Coin';
export const USDC_DOMAIN_VERSION = '2';

/** EIP-3009's ReceiveWithAuthorization type, as FiatToken v2 defines it. */
export const receiveWithAuthorizationTypes = {
  ReceiveWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

/** FartwinLife.AUTHORIZATION_NONCE_TAG: the nonce's domain tag. */
export const AUTHORIZATION_NONCE_TAG = keccak256(toHex('FartwinLife.extendLifeWithAuthorization'));

/**
 * FartwinLife.authorizationNonce:
 * `keccak256(abi.encode(AUTHORIZATION_NONCE_TAG, keccak256(bytes(agentId)), minA0xOut, salt))`. The
 * contract derives it from the agent it feeds and the minimum it holds the swap to, which binds the
 * signature to both: whoever submits it can change neither.
 */
export function batteryAuthorizationNonce(agentId: string, minA0xOut: bigint, salt: Hex): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'bytes32' }],
      [AUTHORIZATION_NONCE_TAG, keccak256(toHex(agentId)), minA0xOut, salt],
    ),
  );
}

export interface BatteryAuthorizationRequest {
  chainId: number;
  usdc: Address;
  fartwinLife: Address;
  from: Address;
  agentId: string;
  /** The least A0X (18 decimals) the payer accepts for the battery (0: the owner's floor only). */
  minA0xOut: bigint;
  salt: Hex;
  validAfter: bigint;
  validBefore: bigint;
}

/** The typed data (eth_signTypedData_v4) a payer signs for one battery for `agentId`. */
export function batteryAuthorizationTypedData(request: BatteryAuthorizationRequest) {
  return {
    domain: {
      name: USDC_DOMAIN_NAME,
      version: USDC_DOMAIN_VERSION,
      chainId: request.chainId,
      verifyingContract: request.usdc,
    },
    types: receiveWithAuthorizationTypes,
    primaryType: 'ReceiveWithAuthorization',
    message: {
      from: request.from,
      to: request.fartwinLife,
      value: BATTERY_USDC,
      validAfter: request.validAfter,
      validBefore: request.validBefore,
      nonce: batteryAuthorizationNonce(request.agentId, request.minA0xOut, request.salt),
    },
  } as const;
}

/** What FartwinLife.extendLifeWithAuthorization takes besides the agent id (its BatteryAuthorization). */
export interface BatteryAuthorization {
  from: Address;
  validAfter: bigint;
  validBefore: bigint;
  /** The payer's signed minimum: the contract rebuilds the nonce from it. */
  minA0xOut: bigint;
  salt: Hex;
  /** r ‖ s ‖ v (65 bytes) from eth_signTypedData_v4, or an ERC-1271 wallet's signature. */
  signature: Hex;
}
