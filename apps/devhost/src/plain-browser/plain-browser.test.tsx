/** @vitest-environment happy-dom */
import { devAccount, localUserAccount } from '@fartwin/localstack/dev-accounts';
import { devWalletBridgeMessages as messages } from '@fartwin/protocol';
import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../test/render.tsx';
import { createDevWallet } from '../wallet/dev-wallet.ts';
import { PlainBrowserPanel } from './PlainBrowserPanel.tsx';
import { NO_ACCOUNT_WALLET_INDEX, usePlainBrowser } from './use-plain-browser.ts';

const MINIAPP = 'http://localhost:3001/';

const userWallet = () =>
  createDevWallet({
    account: localUserAccount(1001),
    rpcUrl: 'http://127.0.0.1:9',
    initialChainId: 8453,
    confirm: async () => true,
    failureMode: () => 'none',
  });

describe('the dev host\'s "Open in a plain browser"', () => {
  it('opens a path of the mini-app, and refuses a link elsewhere', async () => {
    const onOpen = vi.fn();
    renderWithQueries(
      <PlainBrowserPanel
        miniappUrl={MINIAPP}
        username="alice"
        identity="user"
        noAccountAddress="0x0000000000000000000000000000000000000900"
        onIdentityChange={() => {}}
        onOpen={onOpen}
      />,
    );
    const panel = screen.getByTestId('plain-browser');
    expect(within(panel).getByRole('option', { name: "@alice's wallet" })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Open in a new tab' }));
    expect(onOpen).toHaveBeenLastCalledWith('/');
    const path = within(panel).getByLabelText('Path');
    await userEvent.clear(path);
    await userEvent.type(path, 'https://elsewhere.test/agents{Enter}');
    expect(within(panel).getByRole('alert').textContent).toContain('http://localhost:3001');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens a top-level tab that keeps its opener, and answers it as the chosen wallet', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const wallet = userWallet();
    const { result } = renderHook(() =>
      usePlainBrowser({
        miniappUrl: MINIAPP,
        rpcUrl: 'http://127.0.0.1:9',
        userWallet: wallet,
        confirm: async () => true,
        log: () => {},
      }),
    );
    act(() => result.current.open('/agents'));
    // No "noopener": the tab reaches the dev host through window.opener.
    expect(open).toHaveBeenCalledWith('http://localhost:3001/agents', '_blank');

    const received: Record<string, unknown>[] = [];
    const tab = { closed: false, postMessage: (message: Record<string, unknown>) => received.push(message) };
    const ask = (id: number) =>
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: messages.request, id, method: 'eth_accounts' },
          origin: 'http://localhost:3001',
          source: tab as unknown as Window,
        }),
      );
    ask(0);
    await expect
      .poll(() => received.find((message) => message.id === 0)?.result)
      .toEqual([localUserAccount(1001).address]);

    // The wallet with no Farcaster account: another key, which the tab is told about.
    act(() => result.current.setIdentity('no-account'));
    ask(1);
    const stranger = devAccount(NO_ACCOUNT_WALLET_INDEX).address;
    await expect.poll(() => received.find((message) => message.id === 1)?.result).toEqual([stranger]);
    expect(result.current.noAccountAddress).toBe(stranger);
  });
});
