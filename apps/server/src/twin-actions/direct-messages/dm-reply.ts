import { type ConversationTurn, DIRECT_MESSAGE_MAX_CHARS } from '@fartwin/protocol';
import { agentActionsOf } from '../../agent-actions/repository.ts';
import { findAgentCharacter } from '../../agents/repository.ts';
import type { TwinActionDeps } from '../deps.ts';
import { engineText, writeOnce } from '../twin-writes.ts';
import { findTwinAccount } from '../twins.ts';
import { writingKeys } from '../writing-keys.ts';

/** Messages of the conversation the engine reads, the new one included. */
const CONVERSATION_CONTEXT = 20;

export interface DirectMessageJob {
  kind: 'dm-reply';
  agentId: string;
  message: { id: string; fromFid: number; text: string };
}

export type DirectMessageOutcome =
  | { status: 'replied' | 'already-done'; text: string; messageId: string }
  | { status: 'skipped'; reason: 'switched-off' | 'unknown-twin' | 'dead' | 'unavailable' };

/** A twin answers a direct message once, with the conversation as context, when its switch is on and it is alive. */
export async function answerDirectMessage(deps: TwinActionDeps, job: DirectMessageJob): Promise<DirectMessageOutcome> {
  const { db, directMessages } = deps;
  if (!directMessages.available) return { status: 'skipped', reason: 'unavailable' };
  const twin = await findTwinAccount(db, job.agentId);
  const character = twin && (await findAgentCharacter(db, twin.agentId));
  if (!twin || !character) return { status: 'skipped', reason: 'unknown-twin' };
  if (!(await agentActionsOf(db, twin.agentId)).replyToDirectMessages) {
    return { status: 'skipped', reason: 'switched-off' };
  }
  if (!(await deps.lives.isAlive(twin.agentId))) return { status: 'skipped', reason: 'dead' };

  const key = writingKeys.dmReply(twin.agentId, job.message.id);
  const result = await writeOnce(
    db,
    { key, agentId: twin.agentId, kind: 'dm-reply', counterpartFid: job.message.fromFid },
    async () => {
      const history = await directMessages.conversation(twin.fid, job.message.fromFid, CONVERSATION_CONTEXT);
      // Up to the message being answered: later ones get their own answers.
      const upTo = history.findIndex((turn) => turn.id === job.message.id);
      const turns = (upTo >= 0 ? history.slice(0, upTo + 1) : [...history, job.message]).map(
        (turn): ConversationTurn => ({ role: turn.fromFid === twin.fid ? 'assistant' : 'user', content: turn.text }),
      );
      return engineText(deps.chatEngine, {
        character,
        conversation: turns,
        task: { kind: 'reply', channel: 'direct-message' },
        maxBytes: DIRECT_MESSAGE_MAX_CHARS,
      });
    },
    (text) => directMessages.send({ fromFid: twin.fid, toFid: job.message.fromFid, text, idempotencyKey: key }),
  );
  return { status: result.delivered ? 'replied' : 'already-done', text: result.text, messageId: result.deliveredRef };
}
