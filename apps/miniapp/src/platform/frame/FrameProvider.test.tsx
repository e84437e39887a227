import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { strings } from '../../lib/strings.ts';
import { asTopLevelPage, host, sdk, userContext } from '../../test/sdk-double.ts';
import { useFrame } from './FrameProvider.tsx';

function Probe() {
  const frame = useFrame();
  return <pre data-testid="frame">{JSON.stringify({ ...frame, frameContext: Boolean(frame.frameContext) })}</pre>;
}

const frameState = () => JSON.parse(screen.getByTestId('frame').textContent ?? '{}');

function renderProbe() {
  return render(
    <AppProviders>
      <Probe />
    </AppProviders>,
  );
}

describe('frame start-up', () => {
  it('starts loading, in a frame, with nothing known', () => {
    host.context = new Promise(() => {});
    renderProbe();
    expect(frameState()).toEqual({
      fid: null,
      isConnected: false,
      isLoading: true,
      error: null,
      frameContext: false,
      isFarcasterFrame: true,
    });
  });

  it('signals ready as soon as the first screen renders, before the context arrives', async () => {
    host.context = new Promise(() => {});
    renderProbe();
    await waitFor(() => expect(sdk.actions.ready).toHaveBeenCalledTimes(1));
  });

  it('stores the fid, marks connected, requests accounts and reads the chain id', async () => {
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    await waitFor(() =>
      expect(frameState()).toMatchObject({ fid: 42, isConnected: true, isLoading: false, frameContext: true }),
    );
    await waitFor(() => expect(host.chain.methods()).toContain('eth_chainId'));
    expect(host.chain.methods()[0]).toBe('eth_requestAccounts');
    expect(host.chain.methods()).not.toContain('wallet_switchEthereumChain');
    expect(frameState().error).toBeNull();
  });

  it('asks the wallet for accounts and chain id once, shared with wagmi', async () => {
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    await waitFor(() => expect(host.chain.methods()).toContain('eth_chainId'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const count = (method: string) => host.chain.methods().filter((name) => name === method).length;
    expect(count('eth_requestAccounts')).toBe(1);
    expect(count('eth_chainId')).toBe(1);
  });

  it('asks the wallet to switch to 8453 (0x2105) when it is on another chain', async () => {
    host.chain.state.chainId = '0x1';
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    await waitFor(() =>
      expect(host.chain.state.requests).toContainEqual({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x2105' }],
      }),
    );
    expect(host.chain.state.chainId).toBe('0x2105');
  });

  it('without a user fid, isFarcasterFrame becomes false and loading ends', async () => {
    host.context = Promise.resolve({ client: { clientFid: 1, added: false } } as never);
    renderProbe();
    await waitFor(() => expect(frameState()).toMatchObject({ isFarcasterFrame: false, isLoading: false, fid: null }));
    expect(host.chain.methods()).toEqual([]);
  });

  it('a top-level page is web mode from its first render: the host is not asked, nothing is loaded for it', () => {
    asTopLevelPage();
    // A host that would answer with a user: asked, it would make this a client's start-up.
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    // render() has run the start-up's effects: none sent ready(), read the context or touched the wallet.
    expect(frameState()).toMatchObject({ isFarcasterFrame: false, isLoading: false, fid: null, frameContext: false });
    expect(sdk.actions.ready).not.toHaveBeenCalled();
    expect(sdk.on).not.toHaveBeenCalled();
    expect(host.chain.methods()).toEqual([]);
  });

  it('a failing context sets the one error message, and loading ends', async () => {
    host.context = Promise.reject(new Error('bridge down'));
    renderProbe();
    await waitFor(() => expect(frameState()).toMatchObject({ error: strings.frameInitError, isLoading: false }));
    expect(strings.frameInitError).toBe('Failed to initialize Farcaster connection');
  });

  it('a wallet failure (no provider) sets the error but keeps the user', async () => {
    host.hasWallet = false;
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    await waitFor(() =>
      expect(frameState()).toMatchObject({ fid: 42, error: strings.frameInitError, isLoading: false }),
    );
  });

  it('relays host events through sdk.on', async () => {
    host.context = Promise.resolve(userContext(42));
    renderProbe();
    // The SDK's event relay loads with the rest of the SDK, after the first paint.
    await waitFor(() => expect(sdk.on).toHaveBeenCalled());
    const events = sdk.on.mock.calls.map(([name]) => name);
    expect(events).toEqual(
      expect.arrayContaining([
        'primaryButtonClicked',
        'miniAppAdded',
        'miniAppAddRejected',
        'miniAppRemoved',
        'notificationsEnabled',
        'notificationsDisabled',
      ]),
    );
  });
});
