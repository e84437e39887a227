import { DIRECT_MESSAGE_MAX_CHARS, type DirectMessage, type LocalTwin } from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { localNetwork, queryKeys } from '../api/local-network.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';

/** A twin's answer shows within this long of the bot service writing it. */
const CONVERSATION_POLL_MS = 2_000;
/** A twin deployed in the mini-app joins the picker within this long. */
const TWINS_POLL_MS = 5_000;

/** The conversation with one twin: its messages, oldest first, and the signed-in user's composer. */
function Conversation({ apiUrl, fid, twin }: { apiUrl: string; fid: number; twin: LocalTwin }) {
  const queryKey = queryKeys.directMessages(fid, twin.fid);
  const messages = useQuery({
    queryKey,
    queryFn: () => localNetwork.directMessages(apiUrl, { fid, with: twin.fid }),
    refetchInterval: CONVERSATION_POLL_MS,
  });
  const [text, setText] = useState('');
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (message: string) =>
      localNetwork.sendDirectMessage(apiUrl, { fromFid: fid, toFid: twin.fid, text: message }),
    onSuccess: (message, sent) => {
      // Shown at once; the read that follows brings anything else (the twin may already be answering).
      queryClient.setQueryData<DirectMessage[]>(queryKey, (listed = []) =>
        listed.some((known) => known.id === message.id) ? listed : [...listed, message],
      );
      void queryClient.invalidateQueries({ queryKey });
      // Whatever was typed while it was on its way stays.
      setText((current) => (current === sent ? '' : current));
    },
  });

  const tooLong = text.length > DIRECT_MESSAGE_MAX_CHARS;
  const canSend = text.trim() !== '' && !tooLong && !send.isPending;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) send.mutate(text);
  };
  // Enter sends, as in a chat; Shift+Enter starts a new line.
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  // The latest message stays in view as the conversation grows.
  const list = useRef<HTMLOListElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    if (count > 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  return (
    <>
      <ErrorNote error={messages.data ? null : messages.error} trying="Could not read the conversation" />
      {!messages.data ? (
        messages.isError ? null : (
          <p className="muted">Loading…</p>
        )
      ) : messages.data.length === 0 ? (
        <p className="muted">No messages yet: say hi to @{twin.username}.</p>
      ) : (
        <ol className="dm-messages" ref={list} aria-label={`Conversation with @${twin.username}`}>
          {messages.data.map((message) => {
            const mine = message.fromFid === fid;
            return (
              <li key={message.id} className={mine ? 'dm dm-mine' : 'dm'} data-message-id={message.id}>
                <p className="dm-meta">
                  <strong>{mine ? 'You' : `@${twin.username}`}</strong>{' '}
                  <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleTimeString()}</time>
                </p>
                <p className="dm-text">{message.text}</p>
              </li>
            );
          })}
        </ol>
      )}
      <form className="dm-form" onSubmit={submit}>
        <textarea
          className="dm-input"
          aria-label="Message"
          aria-invalid={tooLong}
          placeholder={`Message @${twin.username}`}
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={sendOnEnter}
        />
        <button type="submit" className="button-primary" disabled={!canSend} aria-busy={send.isPending}>
          Send
        </button>
      </form>
      <p className={tooLong ? 'dm-counter error' : 'dm-counter muted'}>
        {tooLong
          ? `Too long: ${text.length} of ${DIRECT_MESSAGE_MAX_CHARS} characters.`
          : `${text.length}/${DIRECT_MESSAGE_MAX_CHARS}`}
      </p>
      <ErrorNote error={send.error} trying="Could not send the message" />
    </>
  );
}

/**
 * Direct messages between the signed-in user and a twin of the local network: the twin answers
 * through the bot service, and its answer shows here within seconds.
 */
export function DirectMessagesPanel({ apiUrl, fid }: { apiUrl: string; fid: number }) {
  const twins = useQuery({
    queryKey: queryKeys.twins,
    queryFn: () => localNetwork.twins(apiUrl),
    refetchInterval: TWINS_POLL_MS,
  });
  const [chosenFid, setChosenFid] = useState<number | null>(null);
  const headingId = useId();
  const pickerId = useId();
  const offered = (twins.data ?? []).filter((twin) => twin.fid !== fid);
  // Until someone is chosen, the user's own twin, else the first.
  const twin =
    offered.find((candidate) => candidate.fid === chosenFid) ??
    offered.find((candidate) => candidate.ownerFid === fid) ??
    offered[0];

  return (
    <section className="panel" aria-labelledby={headingId} data-testid="direct-messages">
      <h2 id={headingId}>Direct messages</h2>
      <ErrorNote error={twins.data ? null : twins.error} trying="Could not load the twins" />
      {!twins.data ? (
        twins.isError ? null : (
          <p className="muted">Loading…</p>
        )
      ) : !twin ? (
        <p className="muted">No twins yet: deploy one in the mini-app.</p>
      ) : (
        <>
          <div className="dm-picker">
            <label htmlFor={pickerId}>Twin</label>
            <select id={pickerId} value={twin.fid} onChange={(event) => setChosenFid(Number(event.target.value))}>
              {offered.map((candidate) => (
                <option key={candidate.fid} value={candidate.fid}>
                  {`@${candidate.username}`}
                </option>
              ))}
            </select>
          </div>
          <Conversation key={twin.fid} apiUrl={apiUrl} fid={fid} twin={twin} />
        </>
      )}
    </section>
  );
}
