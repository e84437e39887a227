import { useCallback } from 'react';
import type { FrameSdk } from '../../../lib/frame-sdk.ts';
import { castWebUrl, HostActionControl } from '../../../platform/host-actions/index.ts';
import { activityTexts } from '../texts.ts';

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
