/**
 * Revival with only USDC: the reviver signs an EIP-3009 ReceiveWithAuthorization
 * of one battery to the life contract, and the server relays it, paying the gas within caps.
 */
import { z } from 'zod/mini';
import { addressSchema } from './entities.ts';

const MAX_UINT256 = 2n ** 256n - 1n;

/** POST: relay a signed battery for the twin (no sign-in: anyone may pay for any twin). */
export const batteryRelayPath = (agentId: string) => `/doppelganger/battery-relay/${encodeURIComponent(agentId)}`;

/** An unsigned integer as a decimal string (uint256 fits in 78 digits). */
const uintString = z.pipe(
  z.string().check(z.regex(/^(0|[1-9][0-9]{0,77})$/, 'must be a non-negative integer in decimal')),
  z
    .transform((value: string) => BigInt(value))
    // 78 digits reach past 2^256 - 1: such a number cannot be encoded for the chain.
    .check(z.refine<bigint>((value) => value <= MAX_UINT256, 'must fit in a uint256')),
);

const bytes32 = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex characters')),
  z.transform((value: string) => value.toLowerCase() as `0x${string}`),
);

/** The longest signature taken: an EOA's is 65 bytes; contract wallets' (ERC-1271/6492) run longer. */
export const BATTERY_RELAY_MAX_SIGNATURE_BYTES = 2048;

/** The typed-data message the payer signed, its salt, and the signature. */
export const batteryRelayRequestSchema = z.strictObject({
  from: addressSchema,
  to: addressSchema,
  value: uintString,
  validAfter: uintString,
  validBefore: uintString,
  nonce: bytes32,
  /**
   * The least A0X (18 decimals) the payer accepts for the battery. The nonce is derived from the
   * twin, this minimum and the salt (FartwinLife.authorizationNonce), so the relayer cannot change it.
   */
  minA0xOut: uintString,
  salt: bytes32,
  signature: z.pipe(
    z
      .string()
      .check(
        z.regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex bytes'),
        z.maxLength(
          2 + 2 * BATTERY_RELAY_MAX_SIGNATURE_BYTES,
          `must be at most ${BATTERY_RELAY_MAX_SIGNATURE_BYTES} bytes`,
        ),
      ),
    z.transform((value: string) => value as `0x${string}`),
  ),
});
export type BatteryRelayRequest = z.input<typeof batteryRelayRequestSchema>;
export type BatteryRelayInput = z.output<typeof batteryRelayRequestSchema>;

/** The signed ReceiveWithAuthorization message, as EIP-712 typed data holds it. */
export interface SignedBatteryMessage {
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: `0x${string}`;
}

/**
 * The relay request for a signed message: its numbers in decimal, with what the nonce is derived
 * from (the payer's minimum and the salt) and the signature.
 */
export function batteryRelayRequest(
  message: SignedBatteryMessage,
  nonceOf: { minA0xOut: bigint; salt: `0x${string}` },
  signature: `0x${string}`,
): BatteryRelayRequest {
  return {
    from: message.from,
    to: message.to,
    value: String(message.value),
    validAfter: String(message.validAfter),
    validBefore: String(message.validBefore),
    nonce: message.nonce,
    minA0xOut: String(nonceOf.minA0xOut),
    salt: nonceOf.salt,
    signature,
  };
}

export const batteryRelayResponseSchema = z.object({
  agentId: z.string(),
  payer: addressSchema,
  /** The relayed transaction: the app waits for its receipt like for its own. */
  txHash: z.string().check(z.regex(/^0x[0-9a-f]{64}$/)),
});
export type BatteryRelayResponse = z.infer<typeof batteryRelayResponseSchema>;

/** How long a signed battery stays valid from signing: the app signs validBefore = now + this. */
export const BATTERY_RELAY_VALID_FOR_SECONDS = 600;
