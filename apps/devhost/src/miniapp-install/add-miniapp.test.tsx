/** @vitest-environment happy-dom */
import { AddMiniApp } from '@farcaster/miniapp-host';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Installation } from '../api/client-api.ts';
import { bridge } from '../test/captured-host.ts';
import { fakeLocalNetwork, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const DETAILS = { url: 'http://localhost:3000/client/notify', token: 'token-1' };

/** The dev host backend's installation routes for fid 1001, keeping what was asked. */
function installationRoutes(initial: Installation = { fid: 1001, added: false, notificationDetails: null }) {
  let installation = initial;
  const answer = (next: Installation) => {
    installation = next;
    return { body: next };
  };
  return {
    'GET /client/installations/1001': () => ({ body: installation }),
    'POST /client/installations/1001/add': (body: unknown) =>
      answer({
        fid: 1001,
        added: true,
        notificationDetails: (body as { notifications: boolean }).notifications ? DETAILS : null,
      }),
    'POST /client/installations/1001/notifications': (body: unknown) =>
      answer({ ...installation, notificationDetails: (body as { enabled: boolean }).enabled ? DETAILS : null }),
    'DELETE /client/installations/1001': () => answer({ fid: 1001, added: false, notificationDetails: null }),
  };
}

describe('adding the mini-app', () => {
  beforeEach(() => bridge.emit.mockClear());

  it('addMiniApp asks; Add with notifications answers the details, tells the app and updates the context', async () => {
    const network = fakeLocalNetwork(installationRoutes());
    const { host, log } = renderFrame(ALICE);
    await waitFor(() => expect(network.requests.some((r) => r.path === '/client/installations/1001')).toBe(true));
    expect(host().context.client.added).toBe(false);

    let result: unknown = 'pending';
    act(() => {
      void host()
        .addMiniApp()
        .then((answer) => {
          result = answer;
        });
    });
    const sheet = screen.getByTestId('add-miniapp-sheet');
    expect(within(sheet).getByRole<HTMLInputElement>('checkbox', { name: 'Turn on notifications' }).checked).toBe(true);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add app' }));

    await waitFor(() => expect(result).toEqual({ notificationDetails: DETAILS }));
    expect(network.requests).toContainEqual({
      method: 'POST',
      path: '/client/installations/1001/add',
      body: { notifications: true },
    });
    expect(bridge.emit).toHaveBeenCalledWith({ event: 'miniapp_added', notificationDetails: DETAILS });
    expect(log).toHaveBeenCalledWith('addMiniApp');
    expect(screen.queryByTestId('add-miniapp-sheet')).toBeNull();
    await waitFor(() => expect(host().context.client).toMatchObject({ added: true, notificationDetails: DETAILS }));
  });

  it('Cancel rejects as the user did, and tells the app the add was rejected', async () => {
    fakeLocalNetwork(installationRoutes());
    const { host } = renderFrame(ALICE);
    let error: unknown;
    act(() => {
      void host()
        .addMiniApp()
        .catch((rejection: unknown) => {
          error = rejection;
        });
    });
    await userEvent.click(within(screen.getByTestId('add-miniapp-sheet')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(error).toBeInstanceOf(AddMiniApp.RejectedByUser));
    expect(bridge.emit).toHaveBeenCalledWith({ event: 'miniapp_add_rejected', reason: 'rejected_by_user' });
  });

  it('an add the backend could not deliver shows its error and keeps the sheet; nothing is told to the app', async () => {
    const network = fakeLocalNetwork({
      ...installationRoutes(),
      'POST /client/installations/1001/add': () => ({
        status: 502,
        body: { error: "Could not reach the mini-app's server: is it running?", code: 'webhook_unreachable' },
      }),
    });
    const { host } = renderFrame(ALICE);
    let settled = false;
    act(() => {
      void host()
        .addFrame()
        .finally(() => {
          settled = true;
        })
        .catch(() => {});
    });
    const sheet = screen.getByTestId('add-miniapp-sheet');
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Turn on notifications' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add app' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      "Could not add the app: Could not reach the mini-app's server: is it running?",
    );
    expect(network.requests).toContainEqual({
      method: 'POST',
      path: '/client/installations/1001/add',
      body: { notifications: false },
    });
    expect(settled).toBe(false);
    expect(bridge.emit).not.toHaveBeenCalledWith(expect.objectContaining({ event: 'miniapp_added' }));
  });

  it('addMiniApp when already added answers at once with the current details', async () => {
    fakeLocalNetwork(installationRoutes({ fid: 1001, added: true, notificationDetails: DETAILS }));
    const { host } = renderFrame(ALICE);
    await waitFor(() => expect(host().context.client.added).toBe(true));
    await expect(host().addMiniApp()).resolves.toEqual({ notificationDetails: DETAILS });
    expect(screen.queryByTestId('add-miniapp-sheet')).toBeNull();
  });
});

describe("the client's app menu", () => {
  beforeEach(() => bridge.emit.mockClear());

  it('adds without notifications, turns them on and off, and removes the app, telling the app each time', async () => {
    const network = fakeLocalNetwork(installationRoutes());
    renderFrame(ALICE);
    const openMenu = async () => {
      await userEvent.click(screen.getByTestId('app-menu-button'));
      return screen.getByTestId('app-menu');
    };

    let menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('checkbox', { name: 'Turn on notifications' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Add app' }));
    await waitFor(() => expect(screen.queryByTestId('app-menu')).toBeNull());
    expect(bridge.emit).toHaveBeenLastCalledWith({ event: 'miniapp_added' });

    menu = await openMenu();
    const toggle = within(menu).getByRole<HTMLInputElement>('switch', { name: 'Notifications' });
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(bridge.emit).toHaveBeenLastCalledWith({ event: 'notifications_enabled', notificationDetails: DETAILS }),
    );
    expect(within(menu).getByRole<HTMLInputElement>('switch', { name: 'Notifications' }).checked).toBe(true);

    await userEvent.click(within(menu).getByRole('switch', { name: 'Notifications' }));
    await waitFor(() => expect(bridge.emit).toHaveBeenLastCalledWith({ event: 'notifications_disabled' }));

    await userEvent.click(within(menu).getByRole('button', { name: 'Remove app' }));
    await waitFor(() => expect(bridge.emit).toHaveBeenLastCalledWith({ event: 'miniapp_removed' }));
    expect(within(menu).getByRole('button', { name: 'Add app' })).toBeTruthy();
    expect(network.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /client/installations/1001/add',
      'POST /client/installations/1001/notifications',
      'POST /client/installations/1001/notifications',
      'DELETE /client/installations/1001',
    ]);
  });
});
