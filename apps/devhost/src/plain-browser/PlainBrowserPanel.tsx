import { PathForm } from '../launch/PathForm.tsx';
import type { PlainBrowserIdentity } from './use-plain-browser.ts';

interface Props {
  miniappUrl: string;
  username: string | undefined;
  identity: PlainBrowserIdentity;
  noAccountAddress: string;
  onIdentityChange: (identity: PlainBrowserIdentity) => void;
  onOpen: (path: string) => void;
}

/**
 * Opens the mini-app outside any Farcaster client: a top-level tab, as a browser (or the Base App)
 * shows it. The tab finds the dev wallet over EIP-6963; its prompts show here, in the phone.
 */
export function PlainBrowserPanel({
  miniappUrl,
  username,
  identity,
  noAccountAddress,
  onIdentityChange,
  onOpen,
}: Props) {
  return (
    <section className="panel" data-testid="plain-browser" data-no-account-address={noAccountAddress}>
      <h2>Open in a plain browser</h2>
      <p className="muted">
        A new tab with no Farcaster client around the app (web mode). Its wallet is the dev wallet: confirm its prompts
        in this tab.
      </p>
      <label>
        Wallet{' '}
        <select
          data-testid="plain-browser-wallet"
          value={identity}
          onChange={(event) => onIdentityChange(event.target.value as PlainBrowserIdentity)}
        >
          <option value="user">{username ? `@${username}'s wallet` : "The signed-in user's wallet"}</option>
          <option value="no-account">A wallet with no Farcaster account ({noAccountAddress.slice(0, 8)}…)</option>
        </select>
      </label>
      <PathForm miniappUrl={miniappUrl} label="Path" submitLabel="Open in a new tab" initial="/" onOpen={onOpen} />
    </section>
  );
}
