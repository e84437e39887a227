import type { ConversationTurn } from '@fartwin/protocol';
import { useEffect, useMemo } from 'react';
import { castQuestion } from '../cast-question.ts';
import { useSharedCast } from './useSharedCast.ts';

/**
 * The shared casts this launch already asked the twin about. The context (and so the shared cast)
 * is read once per page load, so a page load is a launch: a chat opened again (another screen and
 * back, its history read again) does not ask again.
 */
const askedThisLaunch = new Set<string>();

export interface SharedCastQuestionOptions {
  /** Only the owner's twin chat (the main screen) asks. */
  active: boolean;
  /** The stored conversation was read (or could not be): the question comes after it. */
  historyRead: boolean;
  storedTurns: readonly ConversationTurn[] | undefined;
  /** The chat's normal send; false while it cannot send yet (a send in flight, no fid or agent). */
  send: (text: string) => boolean;
}

/**
 * Opened from a shared cast: asks the twin once what it thinks of the cast, through the chat's
 * normal send, as a user message that quotes it (so the quote is in the stored history). A page
 * reloaded with the same launch finds the question already stored and does not ask again.
 */
export function useSharedCastQuestion({ active, historyRead, storedTurns, send }: SharedCastQuestionOptions) {
  const cast = useSharedCast();
  const question = useMemo(() => (cast ? castQuestion(cast) : null), [cast]);
  useEffect(() => {
    if (!active || !historyRead || !cast || !question || askedThisLaunch.has(cast.hash)) return;
    const alreadyStored = storedTurns?.some((turn) => turn.role === 'user' && turn.content === question) ?? false;
    if (alreadyStored || send(question)) askedThisLaunch.add(cast.hash);
  }, [active, historyRead, cast, question, storedTurns, send]);
}
