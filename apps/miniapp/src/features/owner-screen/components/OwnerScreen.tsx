import type { Agent } from '@fartwin/protocol';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { requestErrorText } from '../../../lib/request-error.ts';
import { Link } from '../../../lib/router/index.ts';
import type { OwnTwin } from '../hooks/useOwnTwin.ts';
import { ownerScreenTexts } from '../texts.ts';
import { BackToYourTwin } from './BackToYourTwin.tsx';
import '../owner-screen.css';

/** A screen's own words for the states every owner screen goes through. */
export interface OwnerScreenTexts {
  title: string;
  loading: string;
  signIn: string;
  noTwin: string;
  loadFailed: (message: string) => string;
}

/** The screen's own request about the twin (a TanStack query, plain or infinite), once the twin is known. */
export interface OwnerScreenQuery<Data> {
  data: Data | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

interface Props<Data> {
  own: OwnTwin;
  query: OwnerScreenQuery<Data>;
  texts: OwnerScreenTexts;
  /** The screen's own class beside `page`. */
  className?: string;
  /** Said under the title whatever the state. */
  intro?: ReactNode;
  /** The way back to "Your twin" under the screen (every owner screen but "Your twin" itself). */
  back?: boolean;
  /** The screen itself, once its data is read. */
  children: (data: Data, twin: Agent) => ReactNode;
}

/**
 * The frame of an owner screen (/you, /you/activity, /you/people, /you/wallet): one title (the page's
 * one h1, inside the app frame's one main) and, until the screen's data is read, the state it is
 * in, each with what the person can do next. Data once read stays shown through a failed re-read:
 * the screen says that failure itself.
 */
export function OwnerScreen<Data>({ own, query, texts, className, intro, back = true, children }: Props<Data>) {
  return (
    <div className={className ? `page owner-screen ${className}` : 'page owner-screen'}>
      <h1 className="page__title">{texts.title}</h1>
      {intro}
      <ScreenBody own={own} query={query} texts={texts}>
        {children}
      </ScreenBody>
      {back ? <BackToYourTwin /> : null}
    </div>
  );
}

function ScreenBody<Data>({ own, query, texts, children }: Omit<Props<Data>, 'className' | 'intro' | 'back'>) {
  switch (own.status) {
    case 'signed-out':
      return <p className="owner-screen__note">{texts.signIn}</p>;
    case 'no-twin':
      return (
        <div className="owner-screen__note">
          <p>{texts.noTwin}</p>
          <Link className="button button--primary button--small" to="/">
            {ownerScreenTexts.createTwin}
          </Link>
        </div>
      );
    case 'failed':
      return <LoadFailed error={own.error} retry={own.retry} loadFailed={texts.loadFailed} />;
    case 'ready':
      if (query.data !== undefined) return children(query.data, own.twin);
      if (query.isError) {
        return <LoadFailed error={query.error} retry={() => void query.refetch()} loadFailed={texts.loadFailed} />;
      }
      return <Loading text={texts.loading} />;
    case 'loading':
      return <Loading text={texts.loading} />;
  }
}

/** Holds the space the screen will take, so what is under it does not jump when the data comes. */
function Loading({ text }: { text: string }) {
  return (
    <p className="loading-note owner-screen__loading" role="status">
      {text}
    </p>
  );
}

/** Why it could not be read, and a retry; a refusal because the twin is someone else's has no retry. */
function LoadFailed({
  error,
  retry,
  loadFailed,
}: {
  error: unknown;
  retry: () => void;
  loadFailed: (message: string) => string;
}) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <p className="owner-screen__problem" role="alert">
        {ownerScreenTexts.notYours(error.message)}
      </p>
    );
  }
  return (
    <div className="owner-screen__problem" role="alert">
      <p>{loadFailed(requestErrorText(error))}</p>
      <button type="button" className="button button--small" onClick={retry}>
        {ownerScreenTexts.tryAgain}
      </button>
    </div>
  );
}
