/** @vitest-environment happy-dom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { bridge } from '../test/captured-host.ts';
import { fakeLocalNetwork, localUser } from '../test/fake-local-network.ts';
import { TEST_CONFIG } from '../test/frame.tsx';
import { renderWithQueries } from '../test/render.tsx';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const NEWCOMER = localUser(500_003, 'sunny-otter');

describe('"New user" in the user picker', () => {
  const picker = () => screen.getByTestId<HTMLSelectElement>('user-picker');
  const options = () => [...picker().options].map((option) => option.value);

  it('creates an account in the local network and signs in as it', async () => {
    const network = fakeLocalNetwork({
      'POST /local-network/users': () => ({ status: 201, body: { user: NEWCOMER } }),
    });
    renderWithQueries(<App config={TEST_CONFIG} />);
    await waitFor(() => expect(options()).toEqual(['1001', '1002', 'new']));
    expect(picker().value).toBe('1001');

    await userEvent.selectOptions(picker(), 'new');

    await waitFor(() => expect(picker().value).toBe('500003'));
    expect(options()).toEqual(['1001', '1002', '500003', 'new']);
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/local-network/users', body: {} },
    ]);
    // The mini-app now runs as the new user: the frame and the context it reads say so.
    expect(document.querySelector('.phone-status-bar')?.textContent).toContain('@sunny-otter');
    await waitFor(() => expect(bridge.host?.context.user.fid).toBe(500_003));
    expect(screen.getByTestId('wallet-panel').textContent).toContain(NEWCOMER.custodyAddress);
  });

  it('stays with the signed-in user and says why when the network refuses', async () => {
    fakeLocalNetwork({
      'POST /local-network/users': () => ({
        status: 503,
        body: { error: 'The local chain is not bootstrapped yet', code: 'chain_not_ready' },
      }),
    });
    renderWithQueries(<App config={TEST_CONFIG} />);
    await waitFor(() => expect(options()).toContain('1002'));
    await userEvent.selectOptions(picker(), '1002');
    await userEvent.selectOptions(picker(), 'new');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not create a user: The local chain is not bootstrapped yet',
    );
    expect(picker().value).toBe('1002');
    expect(options()).toEqual(['1001', '1002', 'new']);
  });
});
