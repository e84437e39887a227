import type { LocalUser, newLocalUserRequestSchema } from '@fartwin/protocol';
import type { z } from 'zod';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import { type FundingDeps, fundLocalWallet, type LocalChain, localChainReady } from './fund-local-wallet.ts';
import { createLocalUser } from './local-network.ts';

/**
 * "New user" in the dev host: an account whose custody key the dev host holds, with a wallet funded
 * on the local chain. 503 before the chain is bootstrapped (no USDC to give), 409 for a taken username.
 */
export async function signUpLocalUser(
  deps: { db: Db; publicUrl: string; chain: LocalChain; funding: FundingDeps },
  request: z.output<typeof newLocalUserRequestSchema>,
): Promise<LocalUser> {
  const { db, chain } = deps;
  if (!localChainReady(chain)) {
    throw new HttpError(
      503,
      'chain_not_ready',
      'The local chain is not bootstrapped yet, so a wallet cannot be funded',
    );
  }
  const user = await createLocalUser(db, deps.publicUrl, request);
  if (!user) throw new HttpError(409, 'username_taken', `The username ${request.username} is taken`);
  await fundLocalWallet(deps.funding, chain, user.custodyAddress);
  return user;
}
