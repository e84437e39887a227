import { exposeToIframe } from '@farcaster/miniapp-host';
import { useEffect, useRef } from 'react';
import { createHost } from './host/create-host.ts';
import type { LogHostCall } from './host/host-log.ts';
import type { LocalUser } from './host/local-user.ts';

/** The 424x695 client frame: the mini-app in an iframe on its own origin, bridged by the host SDK. */
export function MiniAppFrame({ user, miniappUrl, log }: { user: LocalUser; miniappUrl: string; log: LogHostCall }) {
  const iframeRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const iframe = iframeRef.current;
    if (!iframe) return;
    const { cleanup } = exposeToIframe({
      iframe,
      sdk: createHost(user, log),
      miniAppOrigin: new URL(miniappUrl).origin,
    });
    return cleanup;
  }, [user, miniappUrl, log]);

  return (
    <div className="phone">
      <div className="phone-status-bar">
        <span>Fartwin</span>
        <span>@{user.username}</span>
      </div>
      <iframe ref={iframeRef} className="phone-frame" src={miniappUrl} title="Fartwin mini-app" allow="clipboard-write" />
      <div className="phone-home-indicator" />
    </div>
  );
}
