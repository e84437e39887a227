import type { LocalUser } from '@fartwin/protocol';
import { createRef, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { DevhostConfig } from '../config.ts';
import type { Launch } from '../launch/launch.ts';
import { MiniAppFrame } from '../MiniAppFrame.tsx';
import type { ComposeDraft, FrameComposer } from '../sheets/host-sheets.ts';
import type { DevWallet } from '../wallet/dev-wallet.ts';
import { bridge } from './captured-host.ts';
import { API_URL } from './fake-local-network.ts';
import { renderWithQueries } from './render.tsx';

export const TEST_CONFIG: DevhostConfig = {
  // Loads nothing: the mini-app is another app, and the host bridge is captured (captured-host.ts).
  miniappUrl: 'about:blank',
  apiUrl: API_URL,
  rpcUrl: 'http://chain.test',
  usdc: null,
  swap: null,
};

/**
 * The client frame for `user`, as App renders it (with `beside` it, e.g. a panel, which may open the
 * frame's composer as App's panels do); `host()` is the host the mini-app would call.
 */
export function renderFrame(
  user: LocalUser,
  beside?: ReactNode | ((compose: (draft: ComposeDraft) => void) => ReactNode),
  launch?: Launch,
) {
  const log = vi.fn();
  const frame = createRef<FrameComposer>();
  const compose = (draft: ComposeDraft) => void frame.current?.compose(draft);
  const rendered = renderWithQueries(
    <>
      <MiniAppFrame
        ref={frame}
        user={user}
        config={TEST_CONFIG}
        log={log}
        wallet={{} as DevWallet}
        prompt={null}
        answer={() => {}}
        {...(launch ? { launch } : {})}
      />
      {typeof beside === 'function' ? beside(compose) : beside}
    </>,
  );
  const host = () => {
    if (!bridge.host) throw new Error('The frame has not exposed a host');
    return bridge.host;
  };
  return { ...rendered, log, host };
}
