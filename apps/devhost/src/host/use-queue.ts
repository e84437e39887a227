import { useCallback, useState } from 'react';

/**
 * Requests that wait in line for the person, one shown at a time, as in a real client (a wallet
 * prompt, a compose sheet). Items are removed by identity, so a double click cannot drop the next.
 */
export function useQueue<Item>() {
  const [items, setItems] = useState<Item[]>([]);
  const push = useCallback((item: Item) => setItems((queued) => [...queued, item]), []);
  const remove = useCallback(
    (item: Item) => setItems((queued) => queued.filter((queuedItem) => queuedItem !== item)),
    [],
  );
  const clear = useCallback(() => setItems([]), []);
  return { current: items[0] ?? null, push, remove, clear };
}
