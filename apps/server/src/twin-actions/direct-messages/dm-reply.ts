import { type ConversationTurn, DIRECT_MESSAGE_MAX_CHARS } from '@fartwin/protocol';
import type { TwinWriteSkipReason } from '../../platform/db/schema.ts';
import { recalledFor, withPersonMemory } from '../../twin-mind/index.ts';
import { linkHostsOf, type TwinActionDeps } from '../deps.ts';
import { mentionsIn } from '../mention-filter.ts';
import { openReply } from '../reply-gate.ts';
import { engineText, writeOnce } from '../twin-writes.ts';
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
  | { status: 'skipped'; reason: 'unknown-twin' | 'unavailable' | TwinWriteSkipReason };

/**
 * A twin answers a direct message once, with the conversation as context, when its switch is on,
 * it is alive, the sender meets the quality bar and neither's reply limit is reached; what it does
 * not answer is recorded, with why.
 */
export async function answerDirectMessage(deps: TwinActionDeps, job: DirectMessageJob): Promise<DirectMessageOutcome> {
  const { db, directMessages } = deps;
  const { message } = job;
  if (!directMessages.available) return { status: 'skipped', reason: 'unavailable' };
  const key = writingKeys.dmReply(job.agentId, message.id);
  const opened = await openReply(deps, {
    key,
    agentId: job.agentId,
    kind: 'dm-reply',
    subject: message.id,
    author: { fid: message.fromFid },
  });
  const { twin } = opened;
  if (!twin) return { status: 'skipped', reason: 'unknown-twin' };
  if (opened.done) return { status: 'already-done', text: opened.done.text, messageId: opened.done.deliveredRef };
  const { gate, decision, character } = opened;
  if (!character) return { status: 'skipped', reason: 'unknown-twin' };
  if (decision === 'paused' || decision === 'switched-off') return gate.skip(decision);
  if (!(await opened.alive())) return gate.skip('dead');
  if (!(await gate.authorIsAnswerable())) return gate.skip('filtered');
  const limited = await gate.charge();
  if (limited) return limited;

  const result = await writeOnce(
    db,
    { key, agentId: twin.agentId, kind: 'dm-reply', counterpartFid: message.fromFid, clockAt: opened.clockSeconds },
    async () => {
      const history = await directMessages.conversation(twin.fid, message.fromFid, CONVERSATION_CONTEXT);
      // Up to the message being answered: later ones get their own answers.
      const upTo = history.findIndex((turn) => turn.id === message.id);
      const turns = (upTo >= 0 ? history.slice(0, upTo + 1) : [...history, message]).map(
        (turn): ConversationTurn => ({ role: turn.fromFid === twin.fid ? 'assistant' : 'user', content: turn.text }),
      );
      const exchange = {
        key,
        agentId: twin.agentId,
        fid: message.fromFid,
        channel: 'dm' as const,
        said: message.text,
      };
      return withPersonMemory(
        db,
        character,
        exchange,
        async (remembered) =>
          engineText(deps.chatEngine, {
            ...(await recalledFor(db, twin.agentId, character, message.text)),
            conversation: turns,
            task: { kind: 'reply', channel: 'direct-message' },
            maxBytes: DIRECT_MESSAGE_MAX_CHARS,
            mayTag: [...mentionsIn(message.text), character.username],
            linkHosts: linkHostsOf(deps),
            remembered,
          }),
        { remembered: opened.remembered },
      );
    },
    (text) => directMessages.send({ fromFid: twin.fid, toFid: message.fromFid, text, idempotencyKey: key }),
    opened.writing,
  );
  return { status: result.delivered ? 'replied' : 'already-done', text: result.text, messageId: result.deliveredRef };
}
