import { exposeToIframe, type HostEndpoint } from '@farcaster/miniapp-host';
import { useEffect, useRef } from 'react';
import { createHost } from './host/create-host.ts';
import type { LogHostCall } from './host/host-log.ts';
import type { LocalUser } from './host/local-user.ts';
import type { DevWallet, WalletPrompt } from './wallet/dev-wallet.ts';
import { WalletSheet } from './wallet/WalletSheet.tsx';

/** How the dev host's wallet introduces itself to the mini-app (EIP-6963). */
const WALLET_INFO = {
  uuid: 'b6f5a6e4-2c41-4bd0-9a0d-fa27d1e0c0de',
  name: 'Fartwin dev host wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" rx="2" fill="%237c5cff"/%3E%3C/svg%3E' as const,
  rdns: 'local.fartwin.devhost',
};

interface Props {
  user: LocalUser;
  miniappUrl: string;
  log: LogHostCall;
  wallet: DevWallet;
  prompt: WalletPrompt | null;
  answer: (confirmed: boolean) => void;
}

/** The 424x695 client frame: the mini-app in an iframe on its own origin, bridged by the host SDK. */
export function MiniAppFrame({ user, miniappUrl, log, wallet, prompt, answer }: Props) {
  const iframeRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const iframe = iframeRef.current;
    if (!iframe) return;
    let endpoint: HostEndpoint | undefined;
    const announce = () => endpoint?.emit({ event: 'eip6963:announceProvider', info: WALLET_INFO });
    const exposed = exposeToIframe({
      iframe,
      sdk: createHost(user, log, { miniappUrl, announceWallet: announce }),
      // The host SDK bundles its own copy of ox; the provider shape is the same EIP-1193 object.
      ethProvider: wallet as unknown as Parameters<typeof exposeToIframe>[0]['ethProvider'],
      miniAppOrigin: new URL(miniappUrl).origin,
    });
    endpoint = exposed.endpoint;
    return exposed.cleanup;
  }, [user, miniappUrl, log, wallet]);

  return (
    <div className="phone">
      <div className="phone-status-bar">
        <span>Fartwin</span>
        <span>@{user.username}</span>
      </div>
      <iframe
        ref={iframeRef}
        className="phone-frame"
        src={miniappUrl}
        title="Fartwin mini-app"
        allow="clipboard-write"
      />
      {prompt ? <WalletSheet prompt={prompt} answer={answer} /> : null}
      <div className="phone-home-indicator" />
    </div>
  );
}
