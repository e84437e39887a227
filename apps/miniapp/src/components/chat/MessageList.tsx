import { type ReactNode, useEffect, useRef } from 'react';
import type { UiMessage } from '../../lib/messages.ts';
import { type Avatars, MessageBubble } from './MessageBubble.tsx';

/**
 * The scrolling list of messages. It follows the newest message; streamed text grows the last
 * bubble in place, so nothing above it moves.
 */
export function MessageList({
  label,
  messages,
  avatars,
  renderAction,
  footer,
}: {
  /** What the list is, for assistive technology (it is a landmark-like log, reached by keyboard). */
  label: string;
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
    // A scrolling region is reached by keyboard to scroll it; role="log" announces new messages politely.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable log must be focusable to be scrolled by keyboard
    <div className="messages" role="log" aria-label={label} tabIndex={0}>
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
