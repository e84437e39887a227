import type { Agent } from '@fartwin/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChatInput } from '../../../components/chat/ChatInput.tsx';
import { MessageList } from '../../../components/chat/MessageList.tsx';
import { strings } from '../../../lib/strings.ts';
import { agentsByFidKey } from '../../agents/index.ts';
import {
  RevivalAction,
  useChainClockOffset,
  useChainExpiry,
  useCountdown,
  useRevival,
  useSpentActions,
  withRevivalAction,
} from '../../battery/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { toActiveTwin } from '../active-twin.ts';
import { type ChatVariant, useTwinConversation } from '../hooks/useTwinConversation.ts';
import { TwinHeader } from './TwinHeader.tsx';

export interface TwinChatProps {
  agentId: string;
  /** The agent from the list endpoints; without it there is no battery to show. */
  agent: Agent | undefined;
  fid: number | null;
  variant: ChatVariant;
  /** Shown under the header (the /agent page's summary of what the twin does). */
  children?: ReactNode;
}

/** Chat with a twin: header with battery, messages, input; the revival flow when it is dead. */
export function TwinChat({ agentId, agent, fid, variant, children }: TwinChatProps) {
  const twin = useMemo(() => (agent ? toActiveTwin(agent) : null), [agent]);
  // After a revival the chain's new expiry counts, even before the agent list is fetched again.
  const [revivedExpiryMs, setRevivedExpiryMs] = useState<number | null>(null);
  const serverExpiryMs = twin?.expiryTimestamp ?? null;
  const clockOffsetMs = useChainClockOffset(twin !== null);
  // The server's index can be a tick behind a revival: before the battery reads as dead (and the
  // user is asked to pay), the contract confirms it. An expiry the server does not know is read
  // from the contract too: until it answers, the battery is unknown, not dead. A death the chain
  // cannot confirm (it cannot be read) is unknown as well: no payment is offered for it.
  const serverSaysDead = serverExpiryMs !== null && serverExpiryMs <= Date.now() + clockOffsetMs;
  const askChain = twin !== null && revivedExpiryMs === null && (serverExpiryMs === null || serverSaysDead);
  const chain = useChainExpiry(agentId, askChain);
  const unconfirmedExpiryMs = chain.unreadable ? null : serverExpiryMs;
  const expiryMs = revivedExpiryMs ?? (askChain ? (chain.expiryMs ?? unconfirmedExpiryMs) : serverExpiryMs);
  const { remainingMs, isDead } = useCountdown(expiryMs, clockOffsetMs);
  const batteryUnreadable = expiryMs === null && chain.unreadable;
  const queryClient = useQueryClient();
  const conversation = useTwinConversation({ agentId, fid, isDead, variant });
  const messages = useMemo(() => conversation.messages.map(withRevivalAction), [conversation.messages]);
  const spentActions = useSpentActions(messages);
  const { spendShown } = spentActions;

  const onRevived = useCallback(
    (newExpiryMs: number) => {
      setRevivedExpiryMs(newExpiryMs);
      // The buttons shown so far belong to this revival: used again, they would fail.
      spendShown();
      void queryClient.invalidateQueries({ queryKey: agentsByFidKey(fid) });
    },
    [queryClient, fid, spendShown],
  );
  const revival = useRevival({ agentId, post: conversation.post, onRevived });

  return (
    <section className="chat-screen">
      {variant === 'agentPage' ? (
        <Link className="back-link" to="/agents">
          ← {strings.backToAgents}
        </Link>
      ) : null}
      <TwinHeader twin={twin} remainingMs={remainingMs} batteryUnreadable={batteryUnreadable} />
      {batteryUnreadable ? <p className="battery-note">{strings.batteryUnreadable}</p> : null}
      {children}
      {conversation.messages.length === 0 && fid !== null ? <p className="chat-empty">{strings.emptyChat}</p> : null}
      <MessageList
        messages={messages}
        avatars={{ agent: twin?.pfpUrl ?? ajax.picture, ajax: ajax.picture }}
        // A payment needs the chain: while it cannot be read, none is offered (it is checked again).
        renderAction={(message) =>
          message.action && !batteryUnreadable && !spentActions.isSpent(message.id) ? (
            <RevivalAction action={message.action} revival={revival} agentId={agentId} />
          ) : null
        }
      />
      {/* Nobody signed in (a web visitor): nobody to chat as, no invitation to; the page says how to sign in. */}
      {fid !== null ? <ChatInput onSend={conversation.send} busy={conversation.isSending} /> : null}
    </section>
  );
}
