import { type FormEvent, useId, useState } from 'react';
import { miniAppPath } from './launch.ts';

interface Props {
  miniappUrl: string;
  label: string;
  submitLabel: string;
  initial?: string;
  placeholder?: string;
  onOpen: (path: string) => void;
}

/**
 * A path or link of the mini-app to open: anything on another origin (or not a URL) is refused
 * with a hint, as a client opens only the mini-app's own pages.
 */
export function PathForm({ miniappUrl, label, submitLabel, initial = '', placeholder, onOpen }: Props) {
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const path = miniAppPath(miniappUrl, text);
    setInvalid(path === null);
    if (path) onOpen(path);
  };
  return (
    <>
      <form className="open-at-form" onSubmit={submit}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          value={text}
          placeholder={placeholder}
          aria-invalid={invalid}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
        <button type="submit" className="button-secondary">
          {submitLabel}
        </button>
      </form>
      {invalid ? (
        <p className="error" role="alert">
          Type a path such as /agents, or a link to a page of the mini-app ({new URL(miniappUrl).origin}).
        </p>
      ) : null}
    </>
  );
}
