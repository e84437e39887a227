import type { Agent } from '@fartwin/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ChatInput } from '../../../components/chat/ChatInput.tsx';
import { MessageList } from '../../../components/chat/MessageList.tsx';
import { Link } from '../../../lib/router/index.ts';
import { strings } from '../../../lib/strings.ts';
import { agentKey, agentsByFidKey, useOwnsTwin } from '../../agents/index.ts';
import {
  RevivalAction,
  TwinBatteryContext,
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
  // The main screen is the user's own twin; on /agent/{id} it may be anyone's.
  const ownsTwin = useOwnsTwin(agentId);
  const owner = variant === 'main' || ownsTwin;
  const conversation = useTwinConversation({ agentId, fid, isDead, variant, owner });
  const messages = useMemo(() => conversation.messages.map(withRevivalAction), [conversation.messages]);
  const spentActions = useSpentActions(messages);
  const { spendShown, isSpent } = spentActions;
  const revivalOffered = messages.some((message) => message.action && !isSpent(message.id));
  const offline = messages.some((message) => message.engine === 'echo');
  const battery = useMemo(() => ({ isDead }), [isDead]);

  const onRevived = useCallback(
    (newExpiryMs: number) => {
      setRevivedExpiryMs(newExpiryMs);
      // The buttons shown so far belong to this revival: used again, they would fail.
      spendShown();
      void queryClient.invalidateQueries({ queryKey: agentsByFidKey(fid) });
      void queryClient.invalidateQueries({ queryKey: agentKey(agentId) });
    },
    [queryClient, fid, agentId, spendShown],
  );
  // The wallet stack loads for a revival only: a living twin's page needs no wallet.
  const revival = useRevival({ agentId, post: conversation.post, onRevived, needed: isDead || revivalOffered });
  // Someone who can chat is told why the battery reads 00:00:00:00 and how to change that (a web
  // visitor's panel does it for them).
  const explainDeath = isDead && fid !== null;

  return (
    <section className="chat-screen">
      {variant === 'agentPage' ? (
        <Link className="back-link" to="/agents">
          ← {strings.backToAgents}
        </Link>
      ) : null}
      <TwinHeader twin={twin} remainingMs={remainingMs} batteryUnreadable={batteryUnreadable} offline={offline} />
      {batteryUnreadable ? <p className="battery-note">{strings.batteryUnreadable}</p> : null}
      {explainDeath ? (
        <div className="battery-note battery-note--dead" role="note">
          <p>{owner ? strings.batteryRanOut : strings.batteryRanOutVisitor}</p>
          {revivalOffered ? null : (
            <button type="button" className="button button--small" onClick={conversation.offerRevival}>
              {strings.offerRevival}
            </button>
          )}
        </div>
      ) : null}
      <TwinBatteryContext.Provider value={battery}>{children}</TwinBatteryContext.Provider>
      {conversation.messages.length === 0 && fid !== null ? (
        <p className="chat-empty">{owner ? strings.emptyChat : strings.emptyChatVisitor}</p>
      ) : null}
      <MessageList
        label={strings.messagesLabel(twin?.displayName ?? null)}
        messages={messages}
        avatars={{ agent: twin?.pfpUrl ?? ajax.picture, ajax: ajax.picture }}
        // A payment needs the chain: while it cannot be read, none is offered (it is checked again).
        renderAction={(message) =>
          message.action && !batteryUnreadable && !isSpent(message.id) ? (
            <RevivalAction action={message.action} revival={revival} agentId={agentId} />
          ) : null
        }
      />
      {/* What is said to someone else's twin is not private from its owner: said before the first message. */}
      {fid !== null && !owner ? (
        <p className="chat-privacy-note" role="note">
          {strings.ownerReadsChat}
        </p>
      ) : null}
      {/* Nobody signed in (a web visitor): nobody to chat as, no invitation to; the page says how to sign in. */}
      {fid !== null ? <ChatInput onSend={conversation.send} busy={conversation.isSending} /> : null}
    </section>
  );
}
