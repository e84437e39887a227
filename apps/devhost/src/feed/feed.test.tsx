/** @vitest-environment happy-dom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_URL, fakeLocalNetwork, feedCast, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';
import { renderWithQueries } from '../test/render.tsx';
import { FeedPanel } from './FeedPanel.tsx';
import { relativeTime } from './relative-time.ts';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const TWIN = localUser(500_001, 'alice-twin');
const hash = (byte: string) => `0x${byte.repeat(20)}` as const;

describe('the feed panel', () => {
  it('lists the casts as the network gives them, newest first, with author, text, embeds and age', async () => {
    const network = fakeLocalNetwork();
    const welcome = feedCast(hash('a1'), TWIN, 'gm, I am a twin');
    const quote = feedCast(hash('b2'), ALICE, 'welcome!', [`https://farcaster.xyz/alice-twin/${hash('a1')}`]);
    network.state.casts = [quote, welcome];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);

    const feed = screen.getByTestId('feed');
    await waitFor(() => expect(feed.querySelectorAll('li[data-cast-hash]')).toHaveLength(2));
    const items = [...feed.querySelectorAll<HTMLElement>('li[data-cast-hash]')];
    expect(items.map((item) => item.dataset.castHash)).toEqual([hash('b2'), hash('a1')]);
    expect(within(items[0]!).getByText('@alice')).toBeTruthy();
    expect(within(items[0]!).getByText('welcome!')).toBeTruthy();
    expect(within(items[0]!).getByText('just now')).toBeTruthy();
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe(ALICE.pfpUrl);
    // The quoted welcome cast shows inside the quote, looked up by its hash.
    const quoted = items[0]!.querySelector<HTMLElement>(`[data-embed-cast="${hash('a1')}"]`);
    expect(quoted).not.toBeNull();
    await waitFor(() => expect(quoted!.textContent).toContain('gm, I am a twin'));
    expect(network.requests[0]?.path).toBe('/local-network/feed?limit=30');
  });

  it('reads the feed again right after the user casts, showing the new cast', async () => {
    const network = fakeLocalNetwork({
      'POST /local-network/casts': (body) => {
        const cast = feedCast(hash('c3'), ALICE, (body as { text: string }).text);
        network.state.casts = [cast, ...network.state.casts];
        return { status: 201, body: { hash: cast.hash } };
      },
    });
    network.state.casts = [feedCast(hash('a1'), TWIN, 'gm')];
    const { host } = renderFrame(ALICE, <FeedPanel apiUrl={API_URL} />);
    const feed = screen.getByTestId('feed');
    await waitFor(() => expect(feed.querySelectorAll('li[data-cast-hash]')).toHaveLength(1));

    act(() => void host().composeCast({ text: 'my first cast' }));
    await userEvent.click(within(await screen.findByTestId('compose-sheet')).getByRole('button', { name: 'Cast' }));
    // Well before the panel's own 3 s refresh.
    await waitFor(
      () => expect(feed.querySelector(`li[data-cast-hash="${hash('c3')}"]`)?.textContent).toContain('my first cast'),
      {
        timeout: 1_000,
      },
    );
  });

  it('says so when there are no casts', async () => {
    fakeLocalNetwork();
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    expect(await screen.findByText('No casts yet.')).toBeTruthy();
  });
});

describe('relative times', () => {
  const now = Date.parse('2030-01-10T12:00:00Z');
  it.each([
    ['2030-01-10T11:59:30Z', 'just now'],
    ['2030-01-10T11:55:00Z', '5 min. ago'],
    ['2030-01-10T09:00:00Z', '3 hr. ago'],
    ['2030-01-09T12:00:00Z', 'yesterday'],
    ['2029-12-27T12:00:00Z', '2 wk. ago'],
  ])('%s is "%s"', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});
