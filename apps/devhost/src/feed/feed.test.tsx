/** @vitest-environment happy-dom */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { replyDraft } from '../compose/reply-draft.ts';
import { API_URL, fakeLocalNetwork, feedCast, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';
import { renderWithQueries } from '../test/render.tsx';
import { FeedPanel } from './FeedPanel.tsx';
import { splitMentions } from './mentions.ts';
import { relativeTime } from './relative-time.ts';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');
const TWIN = localUser(500_001, 'alice-twin');
const hash = (byte: string) => `0x${byte.repeat(20)}` as const;
/** A cast made `secondsAgo` before now. */
const castAt = (cast: ReturnType<typeof feedCast>, secondsAgo: number) => ({
  ...cast,
  createdAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
});
/** The hashes of the casts directly in `list` (an <ol>), in order. */
const castsIn = (list: Element | null | undefined) =>
  [...(list?.querySelectorAll<HTMLElement>(':scope > li[data-cast-hash]') ?? [])].map((item) => item.dataset.castHash);
const castElement = (hash: string) =>
  screen.getByTestId('feed').querySelector<HTMLElement>(`li[data-cast-hash="${hash}"]`);
/** The list of replies directly under a cast. */
const repliesOf = (hash: string) => castElement(hash)?.querySelector(':scope > ol');
/** The feed panel with Reply wired to the frame's composer, as App does. */
const feedWithReplies = (compose: (draft: ReturnType<typeof replyDraft>) => void) => (
  <FeedPanel apiUrl={API_URL} onReply={(cast) => compose(replyDraft(cast))} />
);

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
    expect(network.requests[0]?.path).toBe('/local-network/feed?limit=100');
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
    // Well before the panel's own 2 s refresh.
    await waitFor(
      () => expect(feed.querySelector(`li[data-cast-hash="${hash('c3')}"]`)?.textContent).toContain('my first cast'),
      {
        timeout: 1_000,
      },
    );
  });

  it('nests replies under their parent, oldest first, at any depth, with top-level casts newest first', async () => {
    const network = fakeLocalNetwork();
    const question = castAt(feedCast(hash('a1'), ALICE, 'gm @alice-twin, what are you building?'), 60);
    const answer = castAt(feedCast(hash('b2'), TWIN, 'a thread viewer, @alice', [], hash('a1')), 50);
    const followUp = castAt(feedCast(hash('c3'), localUser(1002, 'bob'), 'same question', [], hash('a1')), 40);
    const thanks = castAt(feedCast(hash('d4'), ALICE, 'thanks!', [], hash('b2')), 30);
    const later = castAt(feedCast(hash('e5'), localUser(1002, 'bob'), 'a new topic'), 10);
    // The network's order: newest first.
    network.state.casts = [later, thanks, followUp, answer, question];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);

    const feed = screen.getByTestId('feed');
    await waitFor(() => expect(feed.querySelectorAll('li[data-cast-hash]')).toHaveLength(5));
    expect(castsIn(feed.querySelector('ol.casts'))).toEqual([hash('e5'), hash('a1')]);
    expect(castsIn(repliesOf(hash('a1')))).toEqual([hash('b2'), hash('c3')]);
    expect(castsIn(repliesOf(hash('b2')))).toEqual([hash('d4')]);
    // The twin's reply is inside the cast it answers, and says whom it answers only by where it is.
    const reply = castElement(hash('b2'))!;
    expect(castElement(hash('a1'))!.contains(reply)).toBe(true);
    expect(reply.querySelector(':scope > .cast-body > .cast-header')?.textContent).toContain('@alice-twin');
    expect(reply.querySelector('.cast-replying-to')).toBeNull();
    // Mentions stand out in the text.
    expect(
      [...castElement(hash('a1'))!.querySelectorAll(':scope > .cast-body .mention')].map((el) => el.textContent),
    ).toEqual(['@alice-twin']);
  });

  it('keeps deep replies inside their parents past the indent cap, saying whom they answer there', async () => {
    const network = fakeLocalNetwork();
    const speakers = [ALICE, TWIN];
    const bytes = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'];
    // A back-and-forth six casts deep, each answering the one before.
    network.state.casts = bytes
      .map((byte, depth) =>
        castAt(
          feedCast(hash(byte), speakers[depth % 2]!, `turn ${depth}`, [], depth ? hash(bytes[depth - 1]!) : null),
          60 - depth,
        ),
      )
      .reverse();
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    await waitFor(() => expect(castElement(hash('f6'))).not.toBeNull());

    for (const [depth, byte] of bytes.entries()) {
      if (depth > 0) expect(castsIn(repliesOf(hash(bytes[depth - 1]!)))).toEqual([hash(byte)]);
    }
    const lines = bytes.map((byte) =>
      castElement(hash(byte))!.querySelector(':scope > .cast-body > .cast-replying-to'),
    );
    // Indented replies need no line; past the cap, each says whom it answers.
    expect(lines.slice(0, 4)).toEqual([null, null, null, null]);
    expect(lines.slice(4).map((line) => line?.textContent)).toEqual(['Replying to @alice-twin', 'Replying to @alice']);
  });

  it('shows a reply whose parent is not in the page, saying whom it answers', async () => {
    const parent = feedCast(hash('a1'), ALICE, 'an old cast');
    const reply = feedCast(hash('b2'), TWIN, 'late answer', [], hash('a1'));
    const network = fakeLocalNetwork({ 'GET /local-network/feed': () => ({ body: { casts: [reply] } }) });
    // The network has the parent (GET /local-network/casts/:hash), the page does not.
    network.state.casts = [reply, parent];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);

    await waitFor(() => expect(castElement(hash('b2'))).not.toBeNull());
    const item = castElement(hash('b2'))!;
    expect(castsIn(screen.getByTestId('feed').querySelector('ol.casts'))).toEqual([hash('b2')]);
    expect(await within(item).findByText('Replying to @alice')).toBeTruthy();
    expect(within(item).getByText('late answer')).toBeTruthy();
  });

  it("shows a twin's reply under the cast it answers without anyone refreshing", async () => {
    const network = fakeLocalNetwork();
    const question = feedCast(hash('a1'), ALICE, 'hey @alice-twin');
    network.state.casts = [question];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    await waitFor(() => expect(castElement(hash('a1'))).not.toBeNull());

    // The bot service publishes the twin's reply; the panel's next read brings it.
    network.state.casts = [feedCast(hash('b2'), TWIN, 'hey yourself', [], hash('a1')), question];
    await waitFor(() => expect(castsIn(repliesOf(hash('a1')))).toEqual([hash('b2')]), { timeout: 5_000 });
  });

  it('replies from the feed: Reply opens the composer for that cast, which publishes with its hash', async () => {
    const network = fakeLocalNetwork();
    network.state.casts = [
      feedCast(hash('b2'), TWIN, 'I answer tags', [], hash('a1')),
      feedCast(hash('a1'), ALICE, 'tagging @alice-twin'),
    ];
    renderFrame(ALICE, feedWithReplies);
    await waitFor(() => expect(castElement(hash('b2'))).not.toBeNull());

    // The twin's reply's own Reply button (the parent has its own).
    const twinReply = castElement(hash('b2'))!;
    await userEvent.click(within(twinReply).getByRole('button', { name: 'Reply' }));
    const sheet = await screen.findByTestId('compose-sheet');
    expect(within(sheet).getByText('Replying to @alice-twin')).toBeTruthy();
    await userEvent.type(within(sheet).getByRole('textbox', { name: 'Cast text' }), 'nice');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cast' }));

    await waitFor(() => expect(screen.queryByTestId('compose-sheet')).toBeNull());
    const posted = network.requests.find((request) => request.method === 'POST');
    expect(posted).toEqual({
      method: 'POST',
      path: '/local-network/casts',
      body: { fid: ALICE.fid, text: 'nice', embeds: [], parentHash: hash('b2') },
    });
    // The reply shows in the thread, under the twin's cast.
    const newHash = network.state.casts[0]!.hash;
    await waitFor(() => expect(castsIn(repliesOf(hash('b2')))).toEqual([newHash]));
    expect(castElement(hash('a1'))!.contains(castElement(newHash))).toBe(true);
  });

  it('has no Reply buttons where nobody can cast', async () => {
    const network = fakeLocalNetwork();
    network.state.casts = [feedCast(hash('a1'), ALICE, 'gm')];
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    await waitFor(() => expect(castElement(hash('a1'))).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('says so when there are no casts', async () => {
    fakeLocalNetwork();
    renderWithQueries(<FeedPanel apiUrl={API_URL} />);
    expect(await screen.findByText('No casts yet.')).toBeTruthy();
  });
});

describe('mentions in cast text', () => {
  it('finds @usernames, not e-mail addresses or URL paths', () => {
    expect(splitMentions('gm @alice-twin, and @bob!')).toEqual([
      { text: 'gm ', mention: false },
      { text: '@alice-twin', mention: true },
      { text: ', and ', mention: false },
      { text: '@bob', mention: true },
      { text: '!', mention: false },
    ]);
    expect(splitMentions('@carol first')).toEqual([
      { text: '@carol', mention: true },
      { text: ' first', mention: false },
    ]);
    expect(splitMentions('mail me@x.test or see https://x.test/@dan')).toEqual([
      { text: 'mail me@x.test or see https://x.test/@dan', mention: false },
    ]);
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
