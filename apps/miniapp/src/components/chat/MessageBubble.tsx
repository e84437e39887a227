import type { ReactNode } from 'react';
import type { UiMessage } from '../../lib/messages.ts';
import { TypingDots } from './TypingDots.tsx';

export interface Avatars {
  agent?: string | null;
  ajax?: string;
}

/**
 * One message; agent and helper messages on the left with their picture, the user's on the right.
 * The engine that wrote a reply is on it as data; the chat's header says "offline mode" once.
 */
export function MessageBubble({
  message,
  avatars,
  action,
}: {
  message: UiMessage;
  avatars?: Avatars;
  action?: ReactNode;
}) {
  const picture = message.sender === 'user' ? null : message.sender === 'ajax' ? avatars?.ajax : avatars?.agent;
  return (
    <li className={`message message--${message.sender}`} data-sender={message.sender} data-engine={message.engine}>
      {message.sender !== 'user' ? (
        picture ? (
          <img className="message__avatar" src={picture} alt="" width={32} height={32} />
        ) : (
          <span className="message__avatar message__avatar--blank" aria-hidden="true" />
        )
      ) : null}
      <div className="message__body">
        <p className="message__text">
          {message.text}
          {message.isStreaming ? <TypingDots /> : null}
        </p>
        {action ? <div className="message__action">{action}</div> : null}
      </div>
    </li>
  );
}
