import type { Context } from '@farcaster/miniapp-sdk';
import { CHAT_MESSAGE_MAX_CHARS } from '@fartwin/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { castShareStrings, strings } from '../../lib/strings.ts';
import { createFakeServer, makeAgent, noTwin, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';
import { castQuestion, clip } from './cast-question.ts';

const CHAT = 'POST /doppelganger/chat-with-fartwin/agent-1';
const HISTORY = 'GET /doppelganger/chat-with-fartwin/agent-1/history';

/**
 * A cast shared to the app. Each test shares its own cast: the casts a launch asked about are kept
 * for the page's life (the module's), as a real launch keeps them until the page is reloaded.
 */
function sharedCast(hashByte: string, overrides: Partial<Context.MiniAppCast> = {}): Context.MiniAppCast {
  return {
    author: { fid: 7, username: 'bob', displayName: 'Bob', pfpUrl: 'https://example.com/bob.png' },
    hash: `0x${hashByte.repeat(20)}`,
    text: 'mushrooms are the most underrated food',
    embeds: [],
    timestamp: 1_700_000_000_000,
    ...overrides,
  };
}

function launchFromShare(cast: Context.MiniAppCast, agents = withTwin(makeAgent())) {
  host.context = Promise.resolve(userContext(42, { location: { type: 'cast_share', cast } }));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', agents);
  server.on(CHAT, { message: 'Mushrooms? I have opinions.', engine: 'echo' });
  return server;
}

const userMessages = () =>
  Array.from(document.querySelectorAll('[data-sender="user"] .message__text')).map((node) => node.textContent);

describe('the question about a shared cast', () => {
  it('names the author and quotes the text', () => {
    expect(castQuestion(sharedCast('a0'))).toBe(
      'What do you think of this cast by @bob: “mushrooms are the most underrated food”?',
    );
    // Without a username: the name, else the fid; without text: its links.
    const anonymous = sharedCast('a0', {
      author: { fid: 7, displayName: 'Bob B' },
      text: '  ',
      embeds: ['https://x.test/a'],
    });
    expect(castQuestion(anonymous)).toBe('What do you think of this cast by Bob B: “https://x.test/a”?');
    expect(castQuestion(sharedCast('a0', { author: { fid: 7 }, text: '' }))).toBe(
      'What do you think of this cast by fid 7?',
    );
    // Line breaks become spaces: the question is one line.
    expect(castQuestion(sharedCast('a0', { text: 'one\n\ntwo  three' }))).toBe(
      'What do you think of this cast by @bob: “one two three”?',
    );
  });

  it('fits a long cast in the chat limit, cut on a word and never inside an emoji', () => {
    const long = sharedCast('a0', { text: `${'fungi rule '.repeat(900)}the end` });
    const question = castQuestion(long);
    expect(question.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_CHARS);
    expect(question.length).toBeGreaterThan(CHAT_MESSAGE_MAX_CHARS - 30);
    expect(question).toMatch(/^What do you think of this cast by @bob: “fungi rule .*(?:fungi|rule)…”\?$/);

    // A text of emoji alone (no spaces): the cut falls between two whole emoji.
    const family = '👨‍👩‍👧‍👦';
    const emoji = castQuestion(sharedCast('a0', { text: family.repeat(1_000) }));
    expect(emoji.length).toBeLessThanOrEqual(CHAT_MESSAGE_MAX_CHARS);
    const quoted = emoji.slice(emoji.indexOf('“') + 1, emoji.lastIndexOf('…'));
    expect(quoted.replaceAll(family, '')).toBe('');
    expect(clip('short', 10)).toBe('short');
    expect(clip('abcdefghij klm', 12)).toBe('abcdefghij…');
  });
});

describe('opened from a shared cast', () => {
  it("opens the owner's twin chat with the cast quoted and asks the twin once what it thinks of it", async () => {
    const cast = sharedCast('b1');
    const server = launchFromShare(cast);
    server.on('GET /doppelganger/agents', { agents: [makeAgent()], nextCursor: null });
    const { router, queryClient } = renderApp({ server });

    const quote = await screen.findByRole('figure', { name: castShareStrings.quoteLabel });
    expect(within(quote).getByText('Bob')).toBeTruthy();
    expect(within(quote).getByText('@bob')).toBeTruthy();
    expect(within(quote).getByText('mushrooms are the most underrated food')).toBeTruthy();

    expect(await screen.findByText('Mushrooms? I have opinions.')).toBeTruthy();
    const question = 'What do you think of this cast by @bob: “mushrooms are the most underrated food”?';
    expect(server.callsTo(CHAT).map((call) => call.body)).toEqual([{ conversation: question, fid: 42 }]);
    expect(userMessages()).toEqual([question]);

    // The history read again, another screen and back: the question is not asked again.
    await act(() => queryClient.invalidateQueries({ queryKey: ['conversation', 'agent-1'] }));
    await act(() => router.navigate('/agents'));
    await act(() => router.navigate('/'));
    await screen.findByRole('figure', { name: castShareStrings.quoteLabel });
    await waitFor(() => expect(server.callsTo(HISTORY).length).toBeGreaterThanOrEqual(2));
    expect(server.callsTo(CHAT)).toHaveLength(1);
  });

  it('a reloaded launch finds its question stored and does not ask again; the quote reads as a message', async () => {
    const cast = sharedCast('c2');
    const question = castQuestion(cast);
    const server = launchFromShare(cast);
    server.on(HISTORY, {
      turns: [
        { role: 'user', content: question },
        { role: 'assistant', content: 'Mushrooms? I have opinions.', engine: 'echo' },
      ],
    });
    renderApp({ server });
    await waitFor(() => expect(userMessages()).toEqual([question]));
    expect(screen.getByText('Mushrooms? I have opinions.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(HISTORY)).toHaveLength(1));
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('a user without a twin gets onboarding, with a note that their twin can give its take once deployed', async () => {
    const server = launchFromShare(sharedCast('d3'), noTwin());
    renderApp({ server });
    expect(await screen.findByText(castShareStrings.noTwinNote('@bob'))).toBeTruthy();
    expect(await screen.findByText(strings.noTwinYet)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Introvert' })).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('the /agent page opened with a shared cast does not ask (only the owner chat does)', async () => {
    const server = launchFromShare(sharedCast('e4'));
    server.on('GET /doppelganger/agents', { agents: [makeAgent()], nextCursor: null });
    renderApp({ server, path: '/agent/agent-1' });
    expect(await screen.findByPlaceholderText('Type your message...')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(HISTORY)).toHaveLength(1));
    expect(server.callsTo(CHAT)).toHaveLength(0);
    expect(screen.queryByRole('figure', { name: castShareStrings.quoteLabel })).toBeNull();
  });

  it('any other launch opens the chat as before: no quote, no message', async () => {
    host.context = Promise.resolve(userContext(42, { location: { type: 'launcher' } }));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent()));
    renderApp({ server });
    expect(await screen.findByText(strings.emptyChat)).toBeTruthy();
    await waitFor(() => expect(server.callsTo(HISTORY)).toHaveLength(1));
    expect(server.callsTo(CHAT)).toHaveLength(0);
    expect(screen.queryByRole('figure', { name: castShareStrings.quoteLabel })).toBeNull();
  });
});
