import { useCallback } from 'react';
import type { FrameSdk } from '../../../lib/frame-sdk.ts';
import { HostActionControl } from '../../twin-links/index.ts';
import { activityTexts } from '../texts.ts';

/** A cast on the web, where a client cannot open it itself. */
export const castWebUrl = (username: string, hash: string) =>
  `https://farcaster.xyz/${encodeURIComponent(username)}/${encodeURIComponent(hash)}`;

/** Opens a cast in the client (`viewCast`, where it has it), or its page elsewhere. */
export function CastOpen({ hash, username }: { hash: string; username: string }) {
  const run = useCallback((sdk: FrameSdk) => sdk.actions.viewCast({ hash }), [hash]);
  return (
    <HostActionControl
      className="button button--small activity__open"
      capability="actions.viewCast"
      run={run}
      href={castWebUrl(username, hash)}
      testId={`open-cast-${hash}`}
    >
      {activityTexts.openCast}
    </HostActionControl>
  );
}
