import { devAccount } from '@fartwin/localstack/dev-accounts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LogHostCall } from '../host/host-log.ts';
import { launchUrl } from '../launch/launch.ts';
import { createDevWallet, type DevWallet, type WalletPrompt } from '../wallet/dev-wallet.ts';
import { typedDataModeSetting } from '../wallet/typed-data-modes.ts';
import { answerPlainBrowserTabs, type PlainBrowserTabs } from './tab-bridge.ts';

/** Who the plain browser's wallet is: the dev host's user, or a wallet no Farcaster account has. */
export type PlainBrowserIdentity = 'user' | 'no-account';

/**
 * The local key of the wallet with no Farcaster account: sample users' keys are at their fids
 * (1001 and up) and the operator's at 0, so this index is nobody's.
 */
export const NO_ACCOUNT_WALLET_INDEX = 900;

/**
 * The dev host's "plain browser": opens the mini-app as a top-level tab (no host, so web mode)
 * whose wallet requests this tab answers with the dev wallet, with the same confirm sheets.
 */
export function usePlainBrowser(options: {
  miniappUrl: string;
  rpcUrl: string;
  userWallet: DevWallet | null;
  confirm: (prompt: WalletPrompt) => Promise<boolean>;
  log: LogHostCall;
}) {
  const { miniappUrl, rpcUrl, userWallet, confirm, log } = options;
  const [identity, setIdentity] = useState<PlainBrowserIdentity>('user');
  const noAccountAddress = devAccount(NO_ACCOUNT_WALLET_INDEX).address;
  const noAccountWallet = useMemo(
    () =>
      createDevWallet({
        account: devAccount(NO_ACCOUNT_WALLET_INDEX),
        rpcUrl,
        initialChainId: 8453,
        confirm,
        failureMode: () => 'none',
        // The wallet panel's "Signs typed data" switch holds for this wallet too.
        typedDataMode: typedDataModeSetting.get,
        log,
      }),
    [rpcUrl, confirm, log],
  );
  const wallet = identity === 'user' ? userWallet : noAccountWallet;
  const walletRef = useRef(wallet);
  walletRef.current = wallet;

  const miniappOrigin = new URL(miniappUrl).origin;
  const [tabs, setTabs] = useState<PlainBrowserTabs | null>(null);
  useEffect(() => {
    const answering = answerPlainBrowserTabs({ miniappOrigin, wallet: () => walletRef.current });
    setTabs(answering);
    return () => answering.stop();
  }, [miniappOrigin]);

  // Another user chosen, or the other identity: the tabs' wallet now has another account.
  useEffect(() => {
    if (!tabs || !wallet) return;
    const stop = tabs.follow(wallet);
    void wallet.request({ method: 'eth_accounts' }).then((accounts) => tabs.emit('accountsChanged', accounts));
    return stop;
  }, [tabs, wallet]);

  const open = useCallback(
    (path: string) => {
      // Not noopener: the tab reaches this one through window.opener.
      window.open(launchUrl(miniappUrl, path), '_blank');
    },
    [miniappUrl],
  );

  return { identity, setIdentity, noAccountAddress, open };
}
