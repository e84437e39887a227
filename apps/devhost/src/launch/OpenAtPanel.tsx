import { type FormEvent, useId, useState } from 'react';
import { miniAppPath } from './launch.ts';

/** The mini-app's pages a person may want to jump to: nothing on its main screen links to them. */
const PAGES = ['/', '/agents', '/leaderboard', '/info'] as const;

/**
 * Opens the mini-app at one of its paths, as a link to it in a cast would (a client has no address
 * bar, so this panel plays the link).
 */
export function OpenAtPanel({ miniappUrl, onOpen }: { miniappUrl: string; onOpen: (path: string) => void }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = miniAppPath(miniappUrl, text);
    setInvalid(path === null);
    if (path) onOpen(path);
  };
  return (
    <section className="panel" data-testid="open-at">
      <h2>Open the mini-app at</h2>
      <div className="button-row">
        {PAGES.map((page) => (
          <button key={page} type="button" className="button-secondary" onClick={() => onOpen(page)}>
            {page}
          </button>
        ))}
      </div>
      <form className="open-at-form" onSubmit={submit}>
        <label htmlFor={inputId}>Path or link</label>
        <input
          id={inputId}
          value={text}
          placeholder="/agent/…"
          aria-invalid={invalid}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="button-secondary">
          Open
        </button>
      </form>
      {invalid ? (
        <p className="error" role="alert">
          Type a path such as /agents, or a link to a page of the mini-app ({new URL(miniappUrl).origin}).
        </p>
      ) : null}
    </section>
  );
}
