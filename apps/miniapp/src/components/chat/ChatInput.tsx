import { type FormEvent, useState } from 'react';
import { strings } from '../../lib/strings.ts';
import { haptics } from '../../platform/native/haptics.ts';

/**
 * A text input with "Type your message..." and a Send button; Enter sends. While a reply is in
 * flight Send is disabled (a second send is ignored): what is typed meanwhile stays.
 */
export function ChatInput({ onSend, busy }: { onSend: (text: string) => boolean | undefined; busy: boolean }) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onSend(text)) {
      setText('');
      void haptics.tap();
    }
  };
  return (
    <form className="chat-input" onSubmit={submit}>
      <input
        className="chat-input__field"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={strings.messagePlaceholder}
        aria-label={strings.messagePlaceholder}
        enterKeyHint="send"
      />
      <button type="submit" className="button button--primary" aria-busy={busy} disabled={busy}>
        {strings.sendButton}
      </button>
    </form>
  );
}
