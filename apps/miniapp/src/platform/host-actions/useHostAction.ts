import type { MiniAppHostCapability } from '@farcaster/miniapp-sdk';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useCallback } from 'react';
import { type FrameSdk, loadSdk } from '../../lib/frame-sdk.ts';
import { hostMode } from '../../lib/host-mode.ts';
import { useHostMode } from '../frame/index.ts';
import { hostCapabilities } from '../native/index.ts';

/**
 * Whether the client has `capability`; null while it is asked. Never asked outside a client; a
 * client that cannot say has none (hostCapabilities).
 */
export function useHostCapability(capability: MiniAppHostCapability): boolean | null {
  const inClient = useHostMode() === 'frame';
  const capabilities = useQuery({
    queryKey: ['host-capabilities'],
    queryFn: hostCapabilities,
    enabled: inClient,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return capabilities.data ? capabilities.data.has(capability) : null;
}

export interface HostActionSpec {
  capability: MiniAppHostCapability;
  /** The client's action. */
  run: (sdk: FrameSdk) => Promise<unknown>;
  /** Where the action leads without it (web mode, or a client without the capability); null: nowhere. */
  href: string | null;
}

/**
 * How to show an action: 'sdk' a button that calls the client, 'link' a link to `href`, 'hidden'
 * nothing (no client action and no page to go to). `onClick` does the right thing for either
 * element: inside a client it calls the action, or opens the link through the client (a mini-app's
 * own links may go nowhere there); outside one the link is followed as it is.
 */
export interface HostActionView {
  kind: 'sdk' | 'link' | 'hidden';
  href: string | null;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

export function useHostAction({ capability, run, href }: HostActionSpec): HostActionView {
  const web = useHostMode() === 'web';
  const supported = useHostCapability(capability);

  const perform = useCallback(async () => {
    const [sdk, capabilities] = await Promise.all([loadSdk(), hostCapabilities()]);
    const openLink = () => (href ? sdk.actions.openUrl(href) : undefined);
    if (!capabilities.has(capability)) return openLink();
    try {
      await run(sdk);
    } catch (error) {
      // The client said it could, and failed: its link still gets the person there.
      console.error(`${capability} failed`, error);
      await openLink();
    }
  }, [capability, run, href]);

  const onClick = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      // Web mode (decided at start-up, read at the time of the tap): the link as it is.
      if (hostMode.current() === 'web') return;
      event.preventDefault();
      perform().catch((error: unknown) => console.error(`${capability} failed`, error));
    },
    [perform, capability],
  );

  const kind = !web && supported !== false ? 'sdk' : href ? 'link' : 'hidden';
  return { kind, href, onClick };
}
