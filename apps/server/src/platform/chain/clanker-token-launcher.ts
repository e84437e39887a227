import { CLANKERS, type ClankerTokenV4 } from 'clanker-sdk';
import { Clanker } from 'clanker-sdk/v4';
import { BaseError, isAddressEqual, type Log, type PublicClient, parseEventLogs } from 'viem';
import { base } from 'viem/chains';
import { isTwinsClankerToken } from './clanker-ownership.ts';
import {
  type LaunchedToken,
  LEGACY_TOKEN_CONTEXT,
  TokenAddressTaken,
  type TokenLauncher,
  type TokenLaunchRequest,
} from './token-launcher.ts';

/** Clanker v4's factory on Base, with the ABI its TokenCreated event is read with. */
const CLANKER_FACTORY = CLANKERS.clanker_v4;

/**
 * What Clanker v4 deploys for a twin: its token on Base, administered by the twin's wallet, which
 * also receives all of the pool's fee rewards (in both tokens), with the twin's image, description,
 * socials and where it was launched from. Name, symbol, admin, image, metadata, context and the
 * deployment's random salt go into the token's CREATE2 address, which `launch` relies on to find an
 * earlier attempt's token: a launch recorded without `info` (before tokens carried it) is sent as it
 * was then, and any change here to what a stored launch becomes makes its retries deploy anew.
 */
export function clankerTokenConfig({ name, symbol, owner, salt, info }: TokenLaunchRequest): ClankerTokenV4 {
  return {
    name,
    symbol,
    salt,
    chainId: base.id,
    tokenAdmin: owner,
    rewards: { recipients: [{ admin: owner, recipient: owner, bps: 10_000, token: 'Both' }] },
    ...(info ? { image: info.image, metadata: info.metadata } : {}),
    context: info?.context ?? LEGACY_TOKEN_CONTEXT,
  };
}

/** The token a deploy transaction created, from its receipt's logs: the factory's TokenCreated event. */
export function createdTokenAddress(logs: Log[]): `0x${string}` | null {
  const created = parseEventLogs({ abi: CLANKER_FACTORY.abi, eventName: 'TokenCreated', logs }).find((log) =>
    isAddressEqual(log.address, CLANKER_FACTORY.address),
  );
  return created?.args.tokenAddress ?? null;
}

/**
 * Twins' tokens on Base through Clanker v4 (clanker-sdk), paid for by the operator's wallet (the
 * deploy step's `sending.wallet`, which signs through the outbox and holds nothing once it has sent).
 *
 * Idempotent per deployment without searching history: Clanker deploys with CREATE2 from the
 * token's arguments, admin and salt, so the address is known before sending. Code there is an
 * earlier attempt's token only if Clanker's records say it is the twin's (clanker-ownership.ts).
 */
export function clankerTokenLauncher(options: { publicClient: PublicClient }): TokenLauncher {
  return {
    async launch(request, sending): Promise<LaunchedToken> {
      const clanker = new Clanker({ publicClient: options.publicClient, wallet: sending.wallet });
      const token = clankerTokenConfig(request);
      const what = `Clanker token $${request.symbol} for ${request.owner}`;
      const { expectedAddress } = await clanker.getDeployTransaction(token);
      if (!expectedAddress) throw new Error(`${what}: clanker-sdk did not predict its address`);
      if (await options.publicClient.getCode({ address: expectedAddress })) {
        // Only Clanker's factory can create code there, but with any reward recipients: check them.
        if (await isTwinsClankerToken(options.publicClient, expectedAddress, request.owner)) {
          return { address: expectedAddress, txHash: null };
        }
        throw new TokenAddressTaken(expectedAddress);
      }

      const deployment = await clanker.deploy(token);
      if (deployment.error) {
        // clanker-sdk labels only the failures it knows ("Insufficient funds."); viem's message says the rest.
        const { error: cause } = deployment.error;
        const detail = cause instanceof BaseError ? cause.shortMessage : cause.message;
        throw new Error(`${what} was not deployed: ${deployment.error.message} (${detail})`, {
          cause: deployment.error,
        });
      }
      // Recorded before the receipt is awaited, with nothing held.
      await sending.onSent(deployment.txHash);
      const receipt = await options.publicClient.waitForTransactionReceipt({ hash: deployment.txHash });
      const address = receipt.status === 'success' ? createdTokenAddress(receipt.logs) : null;
      if (!address) throw new Error(`${what}: deploy transaction ${deployment.txHash} created no token`);
      return { address, txHash: deployment.txHash };
    },
  };
}
