import { useCallback } from 'react';
import { useQueue } from '../host/use-queue.ts';
import type { WalletPrompt } from './dev-wallet.ts';

interface Pending {
  prompt: WalletPrompt;
  resolve: (confirmed: boolean) => void;
}

/** Prompts wait in line, one shown at a time, as in a real wallet. */
export function useWalletPrompts() {
  const { current, push, remove } = useQueue<Pending>();

  const confirm = useCallback(
    (prompt: WalletPrompt) => new Promise<boolean>((resolve) => push({ prompt, resolve })),
    [push],
  );

  const answer = useCallback(
    (confirmed: boolean) => {
      if (!current) return;
      current.resolve(confirmed);
      remove(current);
    },
    [current, remove],
  );

  return { prompt: current?.prompt ?? null, confirm, answer };
}
