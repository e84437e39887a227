import { useCallback, useEffect, useState } from 'react';
import type { DevhostConfig } from './config.ts';
import { describe, type HostCall } from './host/host-log.ts';
import type { LocalUser } from './host/local-user.ts';
import { MiniAppFrame } from './MiniAppFrame.tsx';
import { HostLogPanel } from './panels/HostLogPanel.tsx';
import { useDevWallet } from './wallet/use-dev-wallet.ts';
import { useWalletPrompts } from './wallet/use-wallet-prompts.ts';
import { WalletPanel } from './wallet/WalletPanel.tsx';

async function fetchUsers(apiUrl: string): Promise<LocalUser[]> {
  const response = await fetch(`${apiUrl}/local-network/users`);
  if (!response.ok) throw new Error(`The local social network answered ${response.status}`);
  const body = (await response.json()) as { users: LocalUser[] };
  return body.users;
}

export function App({ config }: { config: DevhostConfig }) {
  const [users, setUsers] = useState<LocalUser[]>([]);
  const [selectedFid, setSelectedFid] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [calls, setCalls] = useState<HostCall[]>([]);

  useEffect(() => {
    fetchUsers(config.apiUrl)
      .then((loaded) => {
        setUsers(loaded);
        setSelectedFid((current) => current ?? loaded[0]?.fid ?? null);
      })
      .catch((error: Error) => setLoadError(error.message));
  }, [config.apiUrl]);

  const log = useCallback((method: string, detail?: unknown) => {
    setCalls((previous) => [
      ...previous,
      { id: previous.length + 1, at: new Date(), method, detail: describe(detail) },
    ]);
  }, []);

  const user = users.find((candidate) => candidate.fid === selectedFid);
  const prompts = useWalletPrompts();
  const { wallet, chainId, failureMode, setFailureMode } = useDevWallet({
    user,
    rpcUrl: config.rpcUrl,
    confirm: prompts.confirm,
    log,
  });

  return (
    <div className="devhost">
      <header className="devhost-header">
        <h1>Fartwin dev host</h1>
        <label>
          Signed in as{' '}
          <select
            data-testid="user-picker"
            value={selectedFid ?? ''}
            onChange={(event) => {
              setCalls([]);
              setSelectedFid(Number(event.target.value));
            }}
          >
            {users.map((candidate) => (
              <option key={candidate.fid} value={candidate.fid}>
                @{candidate.username} (fid {candidate.fid})
              </option>
            ))}
          </select>
        </label>
      </header>
      <main className="devhost-main">
        {loadError ? (
          <p className="error" role="alert">
            Could not load the local users: {loadError}. Is the bot service running at {config.apiUrl}?
          </p>
        ) : user && wallet ? (
          <MiniAppFrame
            key={user.fid}
            user={user}
            miniappUrl={config.miniappUrl}
            log={log}
            wallet={wallet}
            prompt={prompts.prompt}
            answer={prompts.answer}
          />
        ) : (
          <p className="muted">Loading the local social network…</p>
        )}
        <aside className="panels">
          {user ? (
            <WalletPanel
              address={user.custodyAddress}
              chainId={chainId}
              rpcUrl={config.rpcUrl}
              usdc={config.usdc}
              failureMode={failureMode}
              onFailureModeChange={setFailureMode}
            />
          ) : null}
          <HostLogPanel calls={calls} />
        </aside>
      </main>
    </div>
  );
}
