import { type ReactNode, useEffect, useRef } from 'react';
import type { UiMessage } from '../../lib/messages.ts';
import { type Avatars, MessageBubble } from './MessageBubble.tsx';

/**
 * The scrolling list of messages. It follows the newest message; streamed text grows the last
 * bubble in place, so nothing above it moves.
 */
export function MessageList({
  messages,
  avatars,
  renderAction,
  footer,
}: {
  messages: UiMessage[];
  avatars?: Avatars;
  renderAction?: (message: UiMessage) => ReactNode;
  footer?: ReactNode;
}) {
  const endRef = useRef<HTMLDivElement>(null);
  const lastText = messages.at(-1)?.text;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow new messages and streamed text
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastText, footer]);
  return (
    <div className="messages" aria-live="polite">
      <ul className="messages__list">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            avatars={avatars}
            action={message.action && renderAction ? renderAction(message) : null}
          />
        ))}
      </ul>
      {footer}
      <div ref={endRef} className="messages__end" />
    </div>
  );
}
