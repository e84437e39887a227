import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import type { FeedCast } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { InboxEntry } from './api/client-api.ts';
import { localNetwork, queryKeys } from './api/local-network.ts';
import { BaseNotificationsPanel } from './base-notifications/BaseNotificationsPanel.tsx';
import { CapabilitiesPanel } from './capabilities/CapabilitiesPanel.tsx';
import { ChainClockPanel } from './chain-clock/ChainClockPanel.tsx';
import { replyDraft } from './compose/reply-draft.ts';
import type { DevhostConfig } from './config.ts';
import { DirectMessagesPanel } from './direct-messages/DirectMessagesPanel.tsx';
import { FeedPanel } from './feed/FeedPanel.tsx';
import type { LaunchLocation } from './host/create-host.ts';
import { describe, type HostCall } from './host/host-log.ts';
import { InboxPanel } from './inbox/InboxPanel.tsx';
import { castShareLaunch } from './launch/cast-share.ts';
import { HOME_LAUNCH, type Launch, miniAppPath } from './launch/launch.ts';
import { OpenAtPanel } from './launch/OpenAtPanel.tsx';
import { MiniAppFrame } from './MiniAppFrame.tsx';
import { HostLogPanel } from './panels/HostLogPanel.tsx';
import { PlainBrowserPanel } from './plain-browser/PlainBrowserPanel.tsx';
import { usePlainBrowser } from './plain-browser/use-plain-browser.ts';
import type { FrameComposer } from './sheets/host-sheets.ts';
import { UserPicker } from './users/UserPicker.tsx';
import { useDevWallet } from './wallet/use-dev-wallet.ts';
import { useWalletPrompts } from './wallet/use-wallet-prompts.ts';
import { WalletPanel } from './wallet/WalletPanel.tsx';

export function App({ config }: { config: DevhostConfig }) {
  const users = useQuery({ queryKey: queryKeys.users, queryFn: () => localNetwork.users(config.apiUrl) });
  const [chosenFid, setChosenFid] = useState<number | null>(null);
  const [calls, setCalls] = useState<HostCall[]>([]);
  const [launch, setLaunch] = useState<Launch>(HOME_LAUNCH);
  // Until someone is chosen, the first user is signed in.
  const selectedFid = chosenFid ?? users.data?.[0]?.fid ?? null;

  const log = useCallback((method: string, detail?: unknown) => {
    setCalls((previous) => [
      ...previous,
      { id: previous.length + 1, at: new Date(), method, detail: describe(detail) },
    ]);
  }, []);

  const selectUser = useCallback((fid: number) => {
    setCalls([]);
    setChosenFid(fid);
    setLaunch(HOME_LAUNCH);
  }, []);

  const open = useCallback((path: string, location: LaunchLocation = { type: 'launcher' }) => {
    setLaunch((previous) => ({ id: previous.id + 1, path, location }));
  }, []);
  // The same launch again (the capabilities panel's changes are read by the app at start).
  const relaunch = useCallback(() => setLaunch((previous) => ({ ...previous, id: previous.id + 1 })), []);
  // A notification opens the mini-app at its target, and the app learns it was opened from it.
  const openNotification = useCallback(
    (entry: InboxEntry) => {
      const path = miniAppPath(config.miniappUrl, entry.targetUrl);
      if (!path) {
        window.open(entry.targetUrl, '_blank', 'noopener,noreferrer');
        return;
      }
      const { notificationId, title, body } = entry;
      open(path, { type: 'notification', notification: { notificationId, title, body } });
    },
    [config.miniappUrl, open],
  );

  // The feed's "Share to Fartwin" is the client's share extension: it opens the mini-app with the cast.
  const shareToApp = useCallback(
    (cast: FeedCast) => {
      if (selectedFid === null) return;
      const { path, location } = castShareLaunch(cast, selectedFid);
      open(path, location);
    },
    [open, selectedFid],
  );

  // The feed's Reply opens the frame's composer, over the app, as the signed-in user.
  const frame = useRef<FrameComposer>(null);
  const reply = useCallback((cast: FeedCast) => void frame.current?.compose(replyDraft(cast)), []);

  const user = users.data?.find((candidate) => candidate.fid === selectedFid);
  const prompts = useWalletPrompts();
  const { wallet, chainId, failureMode, setFailureMode } = useDevWallet({
    user,
    rpcUrl: config.rpcUrl,
    confirm: prompts.confirm,
    log,
  });
  const plainBrowser = usePlainBrowser({
    miniappUrl: config.miniappUrl,
    rpcUrl: config.rpcUrl,
    userWallet: wallet,
    confirm: prompts.confirm,
    log,
  });
  // The plain browser's wallet, as the Base App knows its user: by address.
  const plainBrowserAddress =
    plainBrowser.identity === 'no-account'
      ? plainBrowser.noAccountAddress
      : selectedFid !== null
        ? localUserAccount(selectedFid).address
        : null;

  return (
    <div className="devhost">
      <header className="devhost-header">
        <h1>Fartwin dev host</h1>
        <UserPicker users={users.data ?? []} selectedFid={selectedFid} apiUrl={config.apiUrl} onSelect={selectUser} />
      </header>
      <main className="devhost-main">
        {users.isError ? (
          <p className="error" role="alert">
            Could not load the local users: {users.error.message}. Is the bot service running at {config.apiUrl}?
          </p>
        ) : user && wallet ? (
          <MiniAppFrame
            ref={frame}
            key={user.fid}
            user={user}
            config={config}
            log={log}
            wallet={wallet}
            prompt={prompts.prompt}
            answer={prompts.answer}
            launch={launch}
          />
        ) : (
          <p className="muted">Loading the local social network…</p>
        )}
        <aside className="panels">
          {user ? (
            <WalletPanel
              key={user.fid}
              address={user.custodyAddress}
              chainId={chainId}
              rpcUrl={config.rpcUrl}
              usdc={config.usdc}
              failureMode={failureMode}
              onFailureModeChange={setFailureMode}
            />
          ) : null}
          <OpenAtPanel miniappUrl={config.miniappUrl} onOpen={open} />
          <CapabilitiesPanel onRelaunch={relaunch} />
          <PlainBrowserPanel
            miniappUrl={config.miniappUrl}
            username={user?.username}
            identity={plainBrowser.identity}
            noAccountAddress={plainBrowser.noAccountAddress}
            onIdentityChange={plainBrowser.setIdentity}
            onOpen={plainBrowser.open}
          />
          {plainBrowserAddress ? (
            <BaseNotificationsPanel address={plainBrowserAddress} onOpen={plainBrowser.open} />
          ) : null}
          {user ? <InboxPanel fid={user.fid} onOpen={openNotification} /> : null}
          <ChainClockPanel rpcUrl={config.rpcUrl} />
          {user ? (
            // Another user's conversations, from a fresh start (keys are unique among the panels).
            <DirectMessagesPanel key={`direct-messages:${user.fid}`} apiUrl={config.apiUrl} fid={user.fid} />
          ) : null}
          <FeedPanel apiUrl={config.apiUrl} {...(user && wallet ? { onReply: reply, onShare: shareToApp } : {})} />
          <HostLogPanel calls={calls} />
        </aside>
      </main>
    </div>
  );
}
