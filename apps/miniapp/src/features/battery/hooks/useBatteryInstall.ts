import { CHAIN_CLIENT } from '@fartwin/protocol';
import { useCallback, useEffect, useRef } from 'react';
import { strings } from '../../../lib/strings.ts';
import { haptics } from '../../../platform/native/haptics.ts';
import type { WalletStack } from '../../../platform/wallet/index.ts';
import type { RevivalMessage } from '../types.ts';

/** Set after the first battery bought from this device, if absent. */
export const FREE_BATTERY_FLAG = 'alreadyHadTheFreeBattery';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The end of a purchase that went through: "Transaction confirmed! Now installing the battery...",
 * the new expiry read from the life contract, then "Battery installation complete!".
 * The battery is bought whatever the read says, and buying again would fail (the allowance is
 * spent): while the chain cannot be read, the chat says so and the read is made again at the chain
 * client's polling interval (while the chat is open).
 */
export function useBatteryInstall({
  post,
  onInstalled,
}: {
  post: (message: RevivalMessage) => void;
  onInstalled: (expiryMs: number) => void;
}) {
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  return useCallback(
    async (chain: WalletStack, agentId: string) => {
      post({ text: strings.transactionConfirmed, sender: 'ajax' });
      let expiryMs: number | null = null;
      for (let attempt = 0; expiryMs === null; attempt += 1) {
        try {
          expiryMs = await chain.readExpiryMs(agentId);
        } catch (error) {
          if (!open.current) return;
          if (attempt === 0) {
            console.error('Reading the new battery failed', error);
            post({ text: strings.installPending, sender: 'ajax' });
          }
          await wait(CHAIN_CLIENT.pollingIntervalMs);
        }
      }
      if (localStorage.getItem(FREE_BATTERY_FLAG) === null) localStorage.setItem(FREE_BATTERY_FLAG, 'true');
      onInstalled(expiryMs);
      post({ text: strings.batteryInstalled, sender: 'agent' });
      void haptics.success();
    },
    [post, onInstalled],
  );
}
