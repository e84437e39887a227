import type { MouseEvent } from 'react';
import { loadSdk } from '../../../lib/frame-sdk.ts';
import { strings } from '../../../lib/strings.ts';

const composeUrl = (text: string) => `https://farcaster.xyz/~/compose?text=${encodeURIComponent(text)}`;

/** The floating "+": a compose-cast link asking ajax to deploy an agent; in a host, its composer. */
export function ComposeFab() {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    loadSdk()
      .then((sdk) => sdk.actions.composeCast({ text: strings.deployComposeText }))
      .catch((error: unknown) => console.error('composeCast failed', error));
  };
  return (
    <a
      className="fab"
      href={composeUrl(strings.deployComposeText)}
      aria-label={strings.deployComposeLabel}
      onClick={open}
      target="_blank"
      rel="noreferrer"
    >
      +
    </a>
  );
}
