import type { OwnerVoice, OwnerVoiceResponse, VoiceVersionsResponse } from '@fartwin/protocol';
import { ownerVoiceSchema } from '@fartwin/protocol';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  type Character,
  characteristicsFor,
  characterSchema,
  choicesProblem,
  memorySize,
  PERSONALITY_AXES,
} from '../../twin-mind/index.ts';

/** How many versions are kept per twin, and shown, newest first: a save deletes the oldest past it. */
export const VOICE_VERSIONS_KEPT = 50;

/** The voice as the owner edits it, from the stored character. */
export function voiceOf(character: Character): OwnerVoice {
  return {
    choices: PERSONALITY_AXES.map((axis) => character.traits[axis.name] ?? ''),
    aboutMe: character.owner?.aboutMe ?? '',
    avoidTopics: character.owner?.avoidTopics ?? [],
    phrases: character.owner?.phrases ?? [],
  };
}

/** Whether two voices say the same (a save of the current voice is no new version). */
function sameVoice(a: OwnerVoice, b: OwnerVoice): boolean {
  const said = (voice: OwnerVoice) => JSON.stringify([voice.choices, voice.aboutMe, voice.avoidTopics, voice.phrases]);
  return said(a) === said(b);
}

function withVoice(character: Character, voice: OwnerVoice): Character {
  return {
    ...character,
    traits: Object.fromEntries(PERSONALITY_AXES.map((axis, index) => [axis.name, voice.choices[index]!])),
    owner: { aboutMe: voice.aboutMe, avoidTopics: voice.avoidTopics, phrases: voice.phrases },
  };
}

/** The twin's stored character, locked for a change when `forUpdate`; 404 for an unknown twin. */
async function storedCharacter(db: Db, agentId: string, forUpdate = false): Promise<Character> {
  let query = db.selectFrom('agents').select('character').where('agent_id', '=', agentId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new HttpError(404, 'unknown_agent', `No agent with id ${agentId}`);
  return characterSchema.parse(row.character);
}

/**
 * Stores a changed character and bumps `voice_version`, which every replica's character cache
 * compares (twins/character-cache.ts): the next reply anywhere speaks from it.
 */
export async function saveCharacter(db: Db, agentId: string, character: Character): Promise<void> {
  const traits = PERSONALITY_AXES.map((axis) => character.traits[axis.name] ?? '');
  await db
    .updateTable('agents')
    .set({
      character: JSON.stringify(characterSchema.parse(character)),
      choices: JSON.stringify(traits),
      voice_version: sql<number>`voice_version + 1`,
    })
    .where('agent_id', '=', agentId)
    .execute();
}

/** The twin's voice, its eight questions, its newest version number and what it has learned. */
export async function readOwnerVoice(db: Db, agentId: string): Promise<OwnerVoiceResponse> {
  const [character, latest, learning, castsKnown] = await Promise.all([
    storedCharacter(db, agentId),
    db
      .selectFrom('twin_voice_versions')
      .select(sql<number>`max(version)`.as('version'))
      .where('agent_id', '=', agentId)
      .executeTakeFirst(),
    db.selectFrom('twin_cast_learning').select('learned_at').where('agent_id', '=', agentId).executeTakeFirst(),
    memorySize(db, agentId),
  ]);
  return {
    agentId,
    version: latest?.version ?? 1,
    voice: voiceOf(character),
    characteristics: characteristicsFor(character.topics),
    castsKnown,
    learnedAt: learning?.learned_at.toISOString() ?? null,
  };
}

/**
 * Saves a voice as the newest version (the deploy's voice becomes version 1 on the first change, so
 * it can be gone back to). One transaction, the twin's row locked: two changes at once get two versions.
 * A voice the twin already has saves nothing; past VOICE_VERSIONS_KEPT the oldest version goes, in
 * the same transaction, so a twin's history stays bounded however often its owner saves.
 */
export async function changeOwnerVoice(db: Db, agentId: string, update: OwnerVoice): Promise<OwnerVoiceResponse> {
  const voice = ownerVoiceSchema.parse(update);
  await db.transaction().execute(async (trx) => {
    const character = await storedCharacter(trx, agentId, true);
    const problem = choicesProblem(characteristicsFor(character.topics), voice.choices);
    if (problem) throw new HttpError(400, 'invalid_choices', problem);
    if (sameVoice(voice, voiceOf(character))) return;
    const twin = await trx
      .selectFrom('agents')
      .select('created_at')
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('twin_voice_versions')
      .select(sql<number | null>`max(version)`.as('version'))
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    let version = latest?.version ?? null;
    if (version === null) {
      await trx
        .insertInto('twin_voice_versions')
        .values({
          agent_id: agentId,
          version: 1,
          voice: JSON.stringify(voiceOf(character)),
          created_at: twin.created_at,
        })
        .execute();
      version = 1;
    }
    await trx
      .insertInto('twin_voice_versions')
      .values({ agent_id: agentId, version: version + 1, voice: JSON.stringify(voice) })
      .execute();
    // Versions are numbered without gaps: the kept ones are the last VOICE_VERSIONS_KEPT numbers.
    await trx
      .deleteFrom('twin_voice_versions')
      .where('agent_id', '=', agentId)
      .where('version', '<=', version + 1 - VOICE_VERSIONS_KEPT)
      .execute();
    await saveCharacter(trx, agentId, withVoice(character, voice));
  });
  return readOwnerVoice(db, agentId);
}

/** The saved versions, newest first (at most VOICE_VERSIONS_KEPT); just the deploy's before any change. */
export async function listVoiceVersions(db: Db, agentId: string): Promise<VoiceVersionsResponse> {
  const rows = await db
    .selectFrom('twin_voice_versions')
    .select(['version', 'voice', 'created_at'])
    .where('agent_id', '=', agentId)
    .orderBy('version', 'desc')
    .limit(VOICE_VERSIONS_KEPT)
    .execute();
  if (rows.length === 0) {
    const [character, twin] = await Promise.all([
      storedCharacter(db, agentId),
      db.selectFrom('agents').select('created_at').where('agent_id', '=', agentId).executeTakeFirstOrThrow(),
    ]);
    return {
      agentId,
      versions: [{ version: 1, voice: voiceOf(character), createdAt: twin.created_at.toISOString() }],
    };
  }
  return {
    agentId,
    versions: rows.map((row) => ({
      version: row.version,
      voice: ownerVoiceSchema.parse(row.voice),
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** Goes back to a saved version: saved again as the newest, so the history keeps every step. */
export async function revertOwnerVoice(db: Db, agentId: string, version: number): Promise<OwnerVoiceResponse> {
  const row = await db
    .selectFrom('twin_voice_versions')
    .select('voice')
    .where('agent_id', '=', agentId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'unknown_version', `This twin has no voice version ${version}`);
  return changeOwnerVoice(db, agentId, ownerVoiceSchema.parse(row.voice));
}
