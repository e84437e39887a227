import { type ConversationTurn, STREAMING_INDICATOR_MS } from '@fartwin/protocol';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors.ts';
import { createMessage, type UiMessage } from '../../../lib/messages.ts';
import { strings } from '../../../lib/strings.ts';
import type { RevivalMessage } from '../../battery/index.ts';
import { useSharedCastQuestion } from '../../cast-share/index.ts';
import { useConversationHistory } from '../api/history.ts';

/** main: the twin chat of the main screen; agentPage: /agent/{agentId}. */
export type ChatVariant = 'main' | 'agentPage';

/** Four canned suggestions, set after each reply; not shown. */
const CANNED_SUGGESTIONS = ['Option 1', 'Option 2', 'Option 3', 'Option 4'] as const;

function toTurns(messages: UiMessage[]): ConversationTurn[] {
  return messages
    .filter((message) => message.sender !== 'ajax' && message.text.trim() !== '')
    .map((message) => ({ content: message.text, role: message.sender === 'user' ? 'user' : 'assistant' }));
}

export interface TwinConversationOptions {
  agentId: string | null;
  fid: number | null;
  isDead: boolean;
  variant: ChatVariant;
  /** The user owns this twin: the helper speaks of "your" twin, otherwise of "this" twin. */
  owner: boolean;
}

/**
 * The twin chat's messages and its send rules: blank input, a send in
 * flight, no fid or no agent id are ignored; a dead twin gets the helper's reply without a server
 * call; a reply streams in with typing dots that stay 2 s (1 s on /agent).
 */
export function useTwinConversation({ agentId, fid, isDead, variant, owner }: TwinConversationOptions) {
  const deadTwinText = owner ? strings.deadTwin : strings.deadTwinVisitor;
  // The stored conversation, then what was said since this chat opened.
  const history = useConversationHistory(agentId ?? '', Boolean(agentId) && fid !== null);
  const stored = useMemo(
    () =>
      (history.data?.turns ?? []).map((turn) =>
        createMessage(
          turn.content,
          turn.role === 'user' ? 'user' : 'agent',
          turn.engine ? { engine: turn.engine } : {},
        ),
      ),
    [history.data],
  );
  const [added, setAdded] = useState<UiMessage[]>([]);
  const messages = useMemo(() => [...stored, ...added], [stored, added]);
  const [isSending, setIsSending] = useState(false);
  const [suggestions, setSuggestions] = useState<readonly string[]>([]);
  // A send in flight is known at once, before the next render (a second send is ignored).
  const inFlight = useRef(false);

  const post = useCallback((message: RevivalMessage) => {
    setAdded((current) => [
      ...current,
      createMessage(message.text, message.sender, message.action ? { action: message.action } : {}),
    ]);
  }, []);

  const send = useCallback(
    (input: string): boolean => {
      const text = input.trim();
      if (!text || inFlight.current || fid === null || !agentId) return false;
      const userMessage = createMessage(text, 'user');
      if (isDead) {
        setAdded((current) => [
          ...current,
          userMessage,
          createMessage(deadTwinText, 'ajax', { action: 'allow-usdc-spending' }),
        ]);
        return true;
      }

      const reply = createMessage('', 'agent', { isStreaming: true });
      const conversation = variant === 'main' ? text : toTurns([...messages, userMessage]);
      setAdded((current) => [...current, userMessage, reply]);
      const update = (patch: (message: UiMessage) => Partial<UiMessage>) =>
        setAdded((current) =>
          current.map((message) => (message.id === reply.id ? { ...message, ...patch(message) } : message)),
        );

      inFlight.current = true;
      setIsSending(true);
      import('../api/chat.ts')
        .then(({ sendChat }) =>
          sendChat(agentId, { conversation, fid }, (chunk) => update((message) => ({ text: message.text + chunk }))),
        )
        .then((result) => {
          update(() => ({
            text: result.message,
            engine: result.engine,
            ...(result.message.includes(strings.agentIsDead) ? { action: 'allow-usdc-spending' as const } : {}),
          }));
          setSuggestions(CANNED_SUGGESTIONS);
          setTimeout(() => update(() => ({ isStreaming: false })), STREAMING_INDICATOR_MS[variant]);
        })
        .catch((error: unknown) => {
          if (variant === 'main') {
            update(() => ({ text: errorMessage(error) || strings.unknownError, isStreaming: false }));
          } else {
            console.error('Chat send failed', error);
            setAdded((current) => current.filter((message) => message.id !== reply.id));
          }
        })
        .finally(() => {
          inFlight.current = false;
          setIsSending(false);
        });
      return true;
    },
    [agentId, fid, isDead, variant, messages, deadTwinText],
  );

  /** The empty battery's offer: the helper's dead-twin message and its revival, without a send. */
  const offerRevival = useCallback(() => {
    setAdded((current) => [...current, createMessage(deadTwinText, 'ajax', { action: 'allow-usdc-spending' })]);
  }, [deadTwinText]);

  // Opened from a shared cast: the owner's chat asks the twin's take on it, once.
  useSharedCastQuestion({
    active: variant === 'main',
    historyRead: !history.isPending,
    storedTurns: history.data?.turns,
    send,
  });

  return { messages, isSending, send, post, offerRevival, suggestions };
}
