import {
  type EIP6963ProviderInfo,
  exposeToEndpoint,
  type HostEndpoint,
  type MiniAppClientEvent,
  type SetPrimaryButtonOptions,
} from '@farcaster/miniapp-host';
import type { LocalUser } from '@fartwin/protocol';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { DevhostConfig } from './config.ts';
import { createHost } from './host/create-host.ts';
import { frameEndpoint } from './host/frame-endpoint.ts';
import type { LogHostCall } from './host/host-log.ts';
import { HOME_LAUNCH, type Launch, launchUrl } from './launch/launch.ts';
import { useInstallation } from './miniapp-install/use-installation.ts';
import { HostSheetView } from './sheets/HostSheetView.tsx';
import { type FrameComposer, useHostSheets } from './sheets/host-sheets.ts';
import type { DevWallet, WalletPrompt } from './wallet/dev-wallet.ts';
import { WalletSheet } from './wallet/WalletSheet.tsx';

/** How the dev host's wallet introduces itself to the mini-app (EIP-6963). */
const WALLET_INFO: EIP6963ProviderInfo = {
  uuid: 'b6f5a6e4-2c41-4bd0-9a0d-fa27d1e0c0de',
  name: 'Fartwin dev host wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" rx="2" fill="%237c5cff"/%3E%3C/svg%3E',
  rdns: 'local.fartwin.devhost',
};

interface Props {
  user: LocalUser;
  config: DevhostConfig;
  log: LogHostCall;
  wallet: DevWallet;
  prompt: WalletPrompt | null;
  answer: (confirmed: boolean) => void;
  /** Where the mini-app opens; a new launch reloads it. */
  launch?: Launch;
  /** The frame's composer, for the client's UI beside it: the feed's Reply opens it over the app. */
  ref?: Ref<FrameComposer>;
}

/** The 424x695 client frame: the mini-app in an iframe on its own origin, bridged by the host SDK. */
export function MiniAppFrame({ user, config, log, wallet, prompt, answer, launch = HOME_LAUNCH, ref }: Props) {
  const { miniappUrl, apiUrl, rpcUrl } = config;
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const endpointRef = useRef<HostEndpoint | undefined>(undefined);
  const [closed, setClosed] = useState(false);
  const [primaryButton, setPrimaryButton] = useState<SetPrimaryButtonOptions | null>(null);
  const { sheet, sheets, finish, clear } = useHostSheets();
  // Events go to whichever frame is open now; one from before it exists (or while closed) is dropped.
  const emit = useCallback(
    (event: MiniAppClientEvent) => {
      if ('notificationDetails' in event) log(`event:${event.event}`, event.notificationDetails);
      else log(`event:${event.event}`);
      endpointRef.current?.emit(event);
    },
    [log],
  );
  useImperativeHandle(ref, () => ({ compose: sheets.compose }), [sheets]);
  const install = useInstallation(user.fid, emit);
  const { installation } = install;

  const close = useCallback(() => {
    setClosed(true);
    // A closed app's button and sheets go with it; a reopened app sets its own.
    setPrimaryButton(null);
    clear();
  }, [clear]);

  useEffect(() => {
    const iframe = iframeRef.current;
    if (!iframe || closed) return;
    const announce = () => endpointRef.current?.emit({ event: 'eip6963:announceProvider', info: WALLET_INFO });
    const miniAppOrigin = new URL(miniappUrl).origin;
    const endpoint = frameEndpoint(iframe, miniAppOrigin);
    const cleanup = exposeToEndpoint({
      endpoint,
      sdk: createHost(user, log, {
        miniappUrl,
        announceWallet: announce,
        sheets,
        frame: { close, setPrimaryButton, emit },
        installation,
        location: launch.location,
      }),
      // The host SDK bundles its own copy of ox; the provider shape is the same EIP-1193 object.
      ethProvider: wallet as unknown as Parameters<typeof exposeToEndpoint>[0]['ethProvider'],
      miniAppOrigin,
    });
    endpointRef.current = endpoint;
    return () => {
      cleanup();
      endpointRef.current = undefined;
    };
  }, [user, miniappUrl, log, wallet, sheets, close, closed, emit, installation, launch]);

  const clickPrimaryButton = () => emit({ event: 'primary_button_clicked' });
  const openAppMenu = () => {
    install.resetError();
    sheets.openAppMenu();
  };

  return (
    <div className="phone">
      <div className="phone-status-bar">
        <span>Fartwin</span>
        <span>@{user.username}</span>
        <button
          type="button"
          className="app-menu-button"
          aria-label="App menu"
          data-testid="app-menu-button"
          disabled={closed}
          onClick={openAppMenu}
        >
          ⋯
        </button>
      </div>
      {closed ? (
        <div className="phone-frame phone-closed" data-testid="miniapp-closed">
          <p>Mini-app closed</p>
          <button type="button" className="button-primary" onClick={() => setClosed(false)}>
            Reopen
          </button>
        </div>
      ) : (
        <iframe
          key={launch.id}
          ref={iframeRef}
          className="phone-frame"
          src={launchUrl(miniappUrl, launch.path)}
          title="Fartwin mini-app"
          allow="clipboard-write"
        />
      )}
      {primaryButton && !primaryButton.hidden ? (
        <div className="primary-button-bar">
          <button
            type="button"
            className="button-primary"
            data-testid="primary-button"
            disabled={primaryButton.disabled || primaryButton.loading}
            aria-busy={primaryButton.loading ?? false}
            onClick={clickPrimaryButton}
          >
            {primaryButton.loading ? '…' : primaryButton.text}
          </button>
        </div>
      ) : null}
      {sheet ? (
        <HostSheetView
          key={sheet.id}
          sheet={sheet}
          fid={user.fid}
          apiUrl={apiUrl}
          rpcUrl={rpcUrl}
          swapContracts={config.usdc && config.swap ? { usdc: config.usdc, ...config.swap } : null}
          wallet={wallet}
          install={install}
          finish={finish}
        />
      ) : null}
      {prompt ? <WalletSheet prompt={prompt} rpcUrl={rpcUrl} answer={answer} /> : null}
      <div className="phone-home-indicator" />
    </div>
  );
}
