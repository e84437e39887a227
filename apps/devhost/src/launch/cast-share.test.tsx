/**
 * @vitest-environment happy-dom
 * @vitest-environment-options {"url": "http://localhost:3000", "settings": {"disableIframePageLoading": true}}
 */
import type { FeedCast } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FeedPanel } from '../feed/FeedPanel.tsx';
import { MiniAppFrame } from '../MiniAppFrame.tsx';
import { bridge } from '../test/captured-host.ts';
import { API_URL, fakeLocalNetwork, feedCast, localUser } from '../test/fake-local-network.ts';
import { TEST_CONFIG } from '../test/frame.tsx';
import { renderWithQueries } from '../test/render.tsx';
import type { DevWallet } from '../wallet/dev-wallet.ts';
import { castShareLaunch, miniAppCast } from './cast-share.ts';
import type { Launch } from './launch.ts';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const BOB = localUser(1002, 'bob');
/** A mini-app URL a path resolves against (the frame's src is set; iframe pages are not loaded here). */
const CONFIG = { ...TEST_CONFIG, miniappUrl: 'http://miniapp.test/' };
const hash = (byte: string) => `0x${byte.repeat(20)}` as const;

describe('a cast shared to the mini-app', () => {
  it("is the SDK's MiniAppCast: the author as a user, hash, text, embeds, parent and time in ms", () => {
    const cast: FeedCast = {
      ...feedCast(hash('c3'), ALICE, 'fungi are underrated', ['https://example.com/a.png'], hash('d4')),
      createdAt: '2026-11-23T12:00:00.000Z',
    };
    expect(miniAppCast(cast)).toEqual({
      author: { fid: 1001, username: 'alice', displayName: 'ALICE', pfpUrl: ALICE.pfpUrl },
      hash: hash('c3'),
      text: 'fungi are underrated',
      embeds: ['https://example.com/a.png'],
      parentHash: hash('d4'),
      timestamp: Date.parse('2026-11-23T12:00:00.000Z'),
    });
    const withoutPicture = miniAppCast(feedCast(hash('e5'), { ...BOB, pfpUrl: null }, 'hi'));
    expect(withoutPicture.author).toEqual({ fid: 1002, username: 'bob', displayName: 'BOB' });
    expect(withoutPicture).not.toHaveProperty('parentHash');
  });

  it("opens the share URL with the client's query parameters and the cast in the location", () => {
    const cast = feedCast(hash('c3'), ALICE, 'fungi are underrated');
    expect(castShareLaunch(cast, 1002)).toEqual({
      path: `/?castHash=${hash('c3')}&castFid=1001&viewerFid=1002`,
      location: { type: 'cast_share', cast: miniAppCast(cast) },
    });
  });

  it('"Share to Fartwin" on a cast in the feed (a reply too) relaunches the app with that cast', async () => {
    const network = fakeLocalNetwork();
    const top = feedCast(hash('a1'), ALICE, 'fungi are underrated');
    const reply = feedCast(hash('b2'), BOB, 'agreed, mushrooms rule', [], hash('a1'));
    network.state.casts = [reply, top];
    const launches: Launch[] = [];
    // The frame and the feed as App wires them: a share is a new launch of the frame.
    function Host() {
      const [launch, setLaunch] = useState<Launch>({ id: 0, path: '/', location: { type: 'launcher' } });
      const share = (cast: FeedCast) => {
        const next = { id: launch.id + 1, ...castShareLaunch(cast, BOB.fid) };
        launches.push(next);
        setLaunch(next);
      };
      return (
        <>
          <MiniAppFrame
            user={BOB}
            config={CONFIG}
            log={() => {}}
            wallet={{} as DevWallet}
            prompt={null}
            answer={() => {}}
            launch={launch}
          />
          <FeedPanel apiUrl={API_URL} onShare={share} />
        </>
      );
    }
    renderWithQueries(<Host />);
    expect(bridge.host?.context.location).toEqual({ type: 'launcher' });

    const feed = screen.getByTestId('feed');
    const replyItem = await waitFor(() => {
      const item = feed.querySelector<HTMLElement>(`li[data-cast-hash="${hash('b2')}"]`);
      if (!item) throw new Error('the reply is not shown yet');
      return item;
    });
    await userEvent.click(within(replyItem).getByRole('button', { name: 'Share to Fartwin' }));
    await waitFor(() =>
      expect(bridge.host?.context.location).toEqual({ type: 'cast_share', cast: miniAppCast(reply) }),
    );
    expect(launches.map((launch) => launch.path)).toEqual([`/?castHash=${hash('b2')}&castFid=1002&viewerFid=1002`]);
    // The frame opens the share URL (a new frame: its key is the launch id).
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      `http://miniapp.test/?castHash=${hash('b2')}&castFid=1002&viewerFid=1002`,
    );
  });

  it('a feed without a share action shows no share button', async () => {
    const network = fakeLocalNetwork();
    network.state.casts = [feedCast(hash('a1'), ALICE, 'fungi are underrated')];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    expect(await screen.findByText('fungi are underrated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share to Fartwin' })).toBeNull();
  });
});
