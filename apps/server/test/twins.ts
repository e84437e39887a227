import { createHash } from 'node:crypto';
import { payForBattery } from '@fartwin/contracts';
import { createLocalClients, type Deployment, localDevAccount } from '@fartwin/contracts/deployment';
import { buildCharacter, leaningChoices } from '@fartwin/echo';
import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import type { Db } from '../src/platform/db/database.ts';
import { localFarcasterData } from '../src/social/local-farcaster-data.ts';
import { loadPersona } from '../src/twin-mind/persona.ts';
import { insertTwin, type TwinRecord } from '../src/twins/repository.ts';

/** A local user's persona, the choices their profile leans to, and the character a deploy builds from them. */
export async function leaningCharacter(db: Db, ownerFid: number, choicesOverride?: string[]) {
  const persona = await loadPersona(localFarcasterData(db), ownerFid);
  if (!persona) throw new Error(`no local user ${ownerFid}`);
  const choices = choicesOverride ?? leaningChoices(persona.profile);
  return { persona, choices, character: buildCharacter(persona.user, persona.casts, persona.profile, choices) };
}

/**
 * A twin id in the format the deploy service issues (a lowercase UUID), the same for the same name
 * in every test: `twinAgentId('lowcaps-dev')` is the id createTwin gives @lowcaps-dev's twin.
 */
export function twinAgentId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Stores a twin row directly, with a made-up wallet and token: for tests about chat and lists, not deploys. */
export async function createTwin(
  db: Db,
  ownerFid: number,
  options: { agentId?: string; choices?: string[]; createdAt?: Date } = {},
): Promise<TwinRecord> {
  const { persona, choices, character } = await leaningCharacter(db, ownerFid, options.choices);
  const hex = ownerFid.toString(16).padStart(40, '0');
  return insertTwin(db, {
    agentId: options.agentId ?? twinAgentId(persona.user.username),
    ownerFid,
    twin: {
      fid: 900_000 + ownerFid,
      username: `${persona.user.username}-twin`,
      displayName: `${persona.user.displayName} (twin)`,
      pfpUrl: persona.user.pfpUrl,
    },
    walletAddress: `0x${hex}`,
    token: { address: `0x${'a'.repeat(20)}${hex.slice(20)}`, symbol: 'TWIN' },
    character,
    choices,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
}

/** Gives a stored twin its own account in the local network, as the deploy pipeline makes it. */
export async function addTwinAccount(db: Db, twin: TwinRecord): Promise<void> {
  await db
    .insertInto('social_accounts')
    .values({
      fid: twin.twin.fid,
      username: twin.twin.username,
      display_name: twin.twin.displayName,
      bio: 'AI twin',
      custody_address: twin.walletAddress,
    })
    .execute();
}

/** A twin's expiry as the LifeExtended indexer stored it; undefined while it has no row. */
export async function storedExpiry(db: Db, agentId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('agent_lives')
    .select('expires_at')
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return row?.expires_at;
}

/** The operator buys a twin one battery (7 days) through FartwinLife, as the deploy pipeline does. */
export async function feedTwin(rpcUrl: string, deployment: Deployment, agentId: string): Promise<void> {
  const { publicClient, walletFor } = createLocalClients(rpcUrl);
  await payForBattery(publicClient, walletFor(localDevAccount(0)), deployment, agentId, BATTERY_PRICE_USDC);
}

/** Moves the chain's clock forward and mines a block, so time-based views see it. */
export async function advanceChainTime(rpcUrl: string, seconds: number): Promise<void> {
  const { testClient } = createLocalClients(rpcUrl);
  await testClient.increaseTime({ seconds });
  await testClient.mine({ blocks: 1 });
}
