import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The chat's revival buttons that a completed revival has used up: every message shown when the
 * battery was installed. Their Allow and Buy would fail now (the allowance is spent), so they go;
 * a later "dead" message brings new ones.
 */
export function useSpentActions(messages: readonly { id: string }[]) {
  const shown = useRef(messages);
  useEffect(() => {
    shown.current = messages;
  }, [messages]);
  const [spent, setSpent] = useState<ReadonlySet<string>>(() => new Set());
  const spendShown = useCallback(() => setSpent(new Set(shown.current.map((message) => message.id))), []);
  const isSpent = useCallback((id: string) => spent.has(id), [spent]);
  return { isSpent, spendShown };
}
