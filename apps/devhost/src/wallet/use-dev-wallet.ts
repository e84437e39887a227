import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import type { LocalUser } from '@fartwin/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LogHostCall } from '../host/host-log.ts';
import { bundleModeSetting } from './bundle-modes.ts';
import { createDevWallet, type WalletPrompt } from './dev-wallet.ts';
import type { WalletFailureMode } from './failure-modes.ts';
import { typedDataModeSetting } from './typed-data-modes.ts';

/**
 * Every fifth sample user's wallet starts on Ethereum (chain 1), so the mini-app's request to
 * switch to Base can be seen; everyone else starts on Base.
 */
function initialChainIdFor(fid: number): number {
  return fid % 5 === 0 ? 1 : 8453;
}

/** The signed-in user's wallet, re-created when the user changes. */
export function useDevWallet(options: {
  user: LocalUser | undefined;
  rpcUrl: string;
  confirm: (prompt: WalletPrompt) => Promise<boolean>;
  log: LogHostCall;
}) {
  const { user, rpcUrl, confirm, log } = options;
  const [failureMode, setFailureMode] = useState<WalletFailureMode>('none');
  const failureModeRef = useRef(failureMode);
  failureModeRef.current = failureMode;
  // The chain the wallet reports; a new user's wallet starts where initialChainIdFor says.
  const [chainId, setChainId] = useState<number>(8453);
  useEffect(() => {
    if (user) setChainId(initialChainIdFor(user.fid));
  }, [user]);

  const wallet = useMemo(() => {
    if (!user) return null;
    return createDevWallet({
      account: localUserAccount(user.fid),
      rpcUrl,
      initialChainId: initialChainIdFor(user.fid),
      confirm,
      failureMode: () => failureModeRef.current,
      bundleMode: bundleModeSetting.get,
      typedDataMode: typedDataModeSetting.get,
      onChainChanged: setChainId,
      log,
    });
  }, [user, rpcUrl, confirm, log]);

  return { wallet, chainId, failureMode, setFailureMode };
}
