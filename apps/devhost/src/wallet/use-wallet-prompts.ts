import { useCallback, useRef, useState } from 'react';
import type { WalletPrompt } from './dev-wallet.ts';

interface Pending {
  prompt: WalletPrompt;
  resolve: (confirmed: boolean) => void;
}

/** Prompts wait in line, one shown at a time, as in a real wallet. */
export function useWalletPrompts() {
  const queue = useRef<Pending[]>([]);
  const [current, setCurrent] = useState<Pending | null>(null);

  const confirm = useCallback(
    (prompt: WalletPrompt) =>
      new Promise<boolean>((resolve) => {
        queue.current.push({ prompt, resolve });
        setCurrent((shown) => shown ?? queue.current[0] ?? null);
      }),
    [],
  );

  const answer = useCallback((confirmed: boolean) => {
    const [answered, ...rest] = queue.current;
    queue.current = rest;
    answered?.resolve(confirmed);
    setCurrent(rest[0] ?? null);
  }, []);

  return { prompt: current?.prompt ?? null, confirm, answer };
}
