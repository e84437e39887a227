/** @vitest-environment happy-dom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InboxEntry } from '../api/client-api.ts';
import { InboxPanel } from '../inbox/InboxPanel.tsx';
import { bridge } from '../test/captured-host.ts';
import { fakeLocalNetwork, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';
import { renderWithQueries } from '../test/render.tsx';
import { launchUrl, miniAppPath } from './launch.ts';
import { OpenAtPanel } from './OpenAtPanel.tsx';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const MINIAPP = 'http://localhost:3001/';

describe('opening the mini-app at a path', () => {
  it('accepts paths and links on the mini-app origin, and nothing else', () => {
    expect(miniAppPath(MINIAPP, '/agents')).toBe('/agents');
    expect(miniAppPath(MINIAPP, ' leaderboard ')).toBe('/leaderboard');
    expect(miniAppPath(MINIAPP, 'http://localhost:3001/agent/a%20b?x=1#top')).toBe('/agent/a%20b?x=1#top');
    expect(miniAppPath(MINIAPP, 'http://localhost:3001')).toBe('/');
    expect(miniAppPath(MINIAPP, 'https://evil.test/agents')).toBeNull();
    expect(miniAppPath(MINIAPP, 'javascript:alert(1)')).toBeNull();
    expect(miniAppPath(MINIAPP, '   ')).toBeNull();
    expect(launchUrl(MINIAPP, '/')).toBe(MINIAPP);
    expect(launchUrl('http://localhost:5173/', '/info')).toBe('http://localhost:5173/info');
  });

  it('the panel opens its pages and typed paths; a link elsewhere is refused with a hint', async () => {
    const onOpen = vi.fn();
    renderWithQueries(<OpenAtPanel miniappUrl={MINIAPP} onOpen={onOpen} />);
    const panel = screen.getByTestId('open-at');
    await userEvent.click(within(panel).getByRole('button', { name: '/leaderboard' }));
    expect(onOpen).toHaveBeenLastCalledWith('/leaderboard');

    const input = within(panel).getByLabelText('Path or link');
    await userEvent.type(input, 'https://elsewhere.test/x');
    await userEvent.click(within(panel).getByRole('button', { name: 'Open' }));
    expect(within(panel).getByRole('alert').textContent).toContain('http://localhost:3001');
    expect(onOpen).toHaveBeenCalledTimes(1);

    await userEvent.clear(input);
    await userEvent.type(input, '/agent/0xabc{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('/agent/0xabc');
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('a launch from a notification tells the app where it was opened from', () => {
    fakeLocalNetwork();
    const notification = { notificationId: 'n1', title: 'Low battery', body: 'Feed me' };
    // Home: the test config's mini-app URL is about:blank, so that nothing loads.
    renderFrame(localUser(1001), undefined, { id: 3, path: '/', location: { type: 'notification', notification } });
    expect(bridge.host?.context.location).toEqual({ type: 'notification', notification });
  });
});

describe('the notifications inbox', () => {
  const entry: InboxEntry = {
    notificationId: 'battery-warning:agent-1:1700000000',
    title: "Your twin's battery is low",
    body: '@alice-twin has about 23 hours of battery left.',
    targetUrl: 'http://localhost:3001/',
    receivedAt: new Date().toISOString(),
    deliveries: 2,
  };

  it('lists what arrived, says whether notifications are on, and opens a notification', async () => {
    fakeLocalNetwork({
      'GET /client/inbox/1001': () => ({ body: { notifications: [entry] } }),
      'GET /client/installations/1001': () => ({
        body: {
          fid: 1001,
          added: true,
          notificationDetails: { url: 'http://localhost:3000/client/notify', token: 't' },
        },
      }),
    });
    const onOpen = vi.fn();
    renderWithQueries(<InboxPanel fid={1001} onOpen={onOpen} />);
    const inbox = screen.getByTestId('inbox');
    const item = await within(inbox).findByText("Your twin's battery is low");
    expect(await within(inbox).findByText('Notifications from Fartwin are on.')).toBeTruthy();
    expect(inbox.textContent).toContain('sent 2× (shown once)');
    await userEvent.click(item);
    expect(onOpen).toHaveBeenCalledWith(entry);
  });

  it('an empty inbox of a user who did not add the app says how to get notifications', async () => {
    fakeLocalNetwork();
    renderWithQueries(<InboxPanel fid={1002} onOpen={() => {}} />);
    const inbox = screen.getByTestId('inbox');
    expect(await within(inbox).findByText('No notifications yet.')).toBeTruthy();
    expect(await within(inbox).findByText(/add it from the ⋯ menu/)).toBeTruthy();
  });
});
