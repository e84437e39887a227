/** @vitest-environment happy-dom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SWAP_UNAVAILABLE } from '../sheets/local-swap.ts';
import { bridge } from '../test/captured-host.ts';
import { fakeLocalNetwork, feedCast, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const BOB = localUser(1002, 'bob');

describe('host actions in the client frame', () => {
  let network: ReturnType<typeof fakeLocalNetwork>;
  beforeEach(() => {
    bridge.emit.mockClear();
    network = fakeLocalNetwork();
  });

  it('setPrimaryButton shows the button under the frame; a click is sent to the app as primary_button_clicked', async () => {
    const { host, log } = renderFrame(ALICE);
    expect(screen.queryByTestId('primary-button')).toBeNull();
    act(() => host().setPrimaryButton({ text: 'Feed my twin' }));
    const button = screen.getByTestId<HTMLButtonElement>('primary-button');
    expect(button.textContent).toBe('Feed my twin');
    await userEvent.click(button);
    expect(bridge.emit).toHaveBeenCalledWith({ event: 'primary_button_clicked' });
    expect(log).toHaveBeenCalledWith('event:primary_button_clicked');

    act(() => host().setPrimaryButton({ text: 'Feed my twin', disabled: true }));
    expect(screen.getByTestId<HTMLButtonElement>('primary-button').disabled).toBe(true);
    act(() => host().setPrimaryButton({ text: 'Feed my twin', hidden: true }));
    expect(screen.queryByTestId('primary-button')).toBeNull();
  });

  it('close shows the closed state; Reopen loads the mini-app again with a fresh bridge', async () => {
    const { host, log } = renderFrame(ALICE);
    const first = host();
    act(() => first.setPrimaryButton({ text: 'Go' }));
    act(() => first.close());
    expect(log).toHaveBeenCalledWith('close');
    const closed = screen.getByTestId('miniapp-closed');
    expect(closed.textContent).toContain('Mini-app closed');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByTestId('primary-button')).toBeNull();

    await userEvent.click(within(closed).getByRole('button', { name: 'Reopen' }));
    expect(screen.queryByTestId('miniapp-closed')).toBeNull();
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(host()).not.toBe(first);
  });

  it('composeCast with close: true casts, then closes the app', async () => {
    network = fakeLocalNetwork({
      'POST /local-network/casts': () => ({ status: 201, body: { hash: `0x${'d4'.repeat(20)}` } }),
    });
    const { host } = renderFrame(ALICE);
    let result: unknown = 'pending';
    act(() => {
      void host()
        .composeCast({ text: 'bye', close: true })
        .then((answer) => {
          result = answer;
        });
    });
    await userEvent.click(within(await screen.findByTestId('compose-sheet')).getByRole('button', { name: 'Cast' }));
    await waitFor(() => expect(result).toBeUndefined());
    expect(screen.getByTestId('miniapp-closed')).toBeTruthy();
  });

  it('viewProfile shows the account from the local network with its latest casts', async () => {
    network.state.profiles.set(1002, { ...BOB, bio: 'I bake bread' });
    network.state.casts = [feedCast(`0x${'e5'.repeat(20)}`, BOB, 'loaf #14')];
    const { host, log } = renderFrame(ALICE);
    await act(() => host().viewProfile({ fid: 1002 }));
    expect(log).toHaveBeenCalledWith('viewProfile', { fid: 1002 });
    const sheet = screen.getByTestId('profile-sheet');
    expect(await within(sheet).findByText('I bake bread')).toBeTruthy();
    expect(sheet.querySelector('.profile-name')?.textContent).toBe('BOB @bob');
    expect(within(sheet).getByText('fid 1002')).toBeTruthy();
    expect(await within(sheet).findByText('loaf #14')).toBeTruthy();
    expect(network.requests.map((request) => request.path)).toContain('/local-network/feed?limit=3&fid=1002');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('profile-sheet')).toBeNull();
  });

  it('viewProfile of an fid the network does not know says so', async () => {
    const { host } = renderFrame(ALICE);
    await act(() => host().viewProfile({ fid: 4242 }));
    expect(await within(screen.getByTestId('profile-sheet')).findByText(/No account with fid 4242/)).toBeTruthy();
  });

  it('viewCast opens the cast from the local network, with whom it answers; an unknown hash says so', async () => {
    const parent = feedCast(`0x${'a1'.repeat(20)}`, ALICE, 'what are you building?');
    const reply = feedCast(`0x${'b2'.repeat(20)}`, BOB, 'mostly escrow, on base', [], parent.hash);
    network.state.casts = [reply, parent];
    const { host, log } = renderFrame(ALICE);
    expect(await host().getCapabilities()).toContain('actions.viewCast');
    await act(() => host().viewCast({ hash: reply.hash }));
    expect(log).toHaveBeenCalledWith('viewCast', { hash: reply.hash });
    const sheet = screen.getByTestId('cast-sheet');
    expect(await within(sheet).findByText('mostly escrow, on base')).toBeTruthy();
    expect(await within(sheet).findByText('Replying to @alice')).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('cast-sheet')).toBeNull();

    await act(() => host().viewCast({ hash: `0x${'0f'.repeat(20)}` }));
    expect(await within(screen.getByTestId('cast-sheet')).findByText(/No cast 0x0f0f/)).toBeTruthy();
  });

  it('viewToken shows the token id', async () => {
    const { host } = renderFrame(ALICE);
    await act(() => host().viewToken({ token: 'eip155:8453/native' }));
    const sheet = screen.getByTestId('token-sheet');
    expect(sheet.textContent).toContain('ETH');
    expect(sheet.textContent).toContain('eip155:8453/native');
  });

  it('swapToken of a pair the local chain has no pool for says so and, once closed, answers swap_failed', async () => {
    const { host, log } = renderFrame(ALICE);
    let result: unknown;
    act(() => {
      void host()
        .swapToken({ sellToken: 'eip155:8453/native', buyToken: 'eip155:1/slip44:60' })
        .then((answer) => {
          result = answer;
        });
    });
    const sheet = screen.getByTestId('swap-sheet');
    expect(sheet.textContent).toContain('this pair has no pool');
    expect(sheet.textContent).toContain('slip44:60');
    expect(result).toBeUndefined();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(result).toEqual(SWAP_UNAVAILABLE));
    expect(SWAP_UNAVAILABLE).toMatchObject({ success: false, reason: 'swap_failed' });
    expect(log).toHaveBeenCalledWith('swapToken', { sellToken: 'eip155:8453/native', buyToken: 'eip155:1/slip44:60' });
  });

  it('openUrl of any other URL opens a browser tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { host } = renderFrame(ALICE);
    act(() => host().openUrl('  https://docs.fartwin.test/  '));
    expect(open).toHaveBeenCalledWith('https://docs.fartwin.test/', '_blank', 'noopener,noreferrer');
    expect(screen.queryByTestId('compose-sheet')).toBeNull();
  });
});
