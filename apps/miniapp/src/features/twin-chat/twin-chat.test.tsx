import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { LIFE_ADDRESS } from '../../test/fake-chain.ts';
import {
  createFakeServer,
  directory,
  errorReply,
  json,
  makeAgent,
  sseReply,
  withTwin,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const CHAT = 'POST /doppelganger/chat-with-fartwin/agent-1';

function openTwinChat(agent = makeAgent(), configure?: (server: ReturnType<typeof createFakeServer>) => void) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin(agent));
  configure?.(server);
  return renderApp({ server });
}

async function send(text: string) {
  const input = await screen.findByPlaceholderText('Type your message...');
  const user = userEvent.setup();
  await user.type(input, `${text}{Enter}`);
  return user;
}

const agentMessages = () =>
  Array.from(document.querySelectorAll('[data-sender="agent"] .message__text')).map((node) => node.textContent);

describe('twin chat send rules', () => {
  it('ignores a blank or whitespace message', async () => {
    const { server } = openTwinChat();
    await send('   ');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('ignores a send while one is in flight', async () => {
    const { server } = openTwinChat(makeAgent(), (s) => s.on(CHAT, () => new Promise<Response>(() => {})));
    await send('first');
    await send('second');
    expect(server.callsTo(CHAT)).toHaveLength(1);
    expect(screen.queryByText('second')).toBeNull();
  });

  it('posts {conversation: text, fid} with the bearer token on the main screen', async () => {
    const { server } = openTwinChat(makeAgent(), (s) => s.on(CHAT, { message: 'hey you', engine: 'llm' }));
    await send('hello twin');
    expect(await screen.findByText('hey you')).toBeTruthy();
    const [call] = server.callsTo(CHAT);
    expect(call?.body).toEqual({ conversation: 'hello twin', fid: 42 });
    expect(call?.headers.get('authorization')).toBe('Bearer test-token');
    expect((screen.getByPlaceholderText('Type your message...') as HTMLInputElement).value).toBe('');
  });
});

describe('replies', () => {
  it('streams SSE deltas with typing dots, cleared 2 s after the reply', async () => {
    openTwinChat(makeAgent(), (s) => s.on(CHAT, () => sseReply(['Hel', 'lo!'], { message: 'Hello!', engine: 'llm' })));
    await send('hi');
    await waitFor(() => expect(agentMessages()).toEqual(['Hello!']));
    // Its owner's own chat: no note that the owner reads it.
    expect(screen.queryByText(strings.ownerReadsChat)).toBeNull();
    expect(screen.getByRole('status', { name: 'typing' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'typing' })).toBeNull(), { timeout: 3_000 });
  });

  it('labels offline-engine (echo) replies', async () => {
    openTwinChat(makeAgent(), (s) => s.on(CHAT, { message: 'echoed', engine: 'echo' }));
    await send('hi');
    expect(await screen.findByText('echoed')).toBeTruthy();
    expect(screen.getByText('offline mode')).toBeTruthy();
  });

  it('reads a reply that only has "text"', async () => {
    openTwinChat(makeAgent(), (s) => s.on(CHAT, { text: 'plain text reply' }));
    await send('hi');
    expect(await screen.findByText('plain text reply')).toBeTruthy();
  });

  it('shows the error message as an agent message', async () => {
    openTwinChat(makeAgent(), (s) => s.on(CHAT, () => errorReply('LLM unavailable', 503)));
    await send('hi');
    await waitFor(() => expect(agentMessages()).toEqual(['LLM unavailable']));
  });

  it('shows an SSE error event as an agent message', async () => {
    openTwinChat(makeAgent(), (s) =>
      s.on(CHAT, () => sseReply(['par'], { error: { error: 'stream broke', code: 'internal' } })),
    );
    await send('hi');
    await waitFor(() => expect(agentMessages()).toEqual(['stream broke']));
  });

  it('shows "Unknown error" when the failure has no message', async () => {
    openTwinChat(makeAgent(), (s) =>
      s.on(CHAT, () => {
        throw new Error('');
      }),
    );
    await send('hi');
    await waitFor(() => expect(agentMessages()).toEqual(['Unknown error']));
  });

  it('attaches the allow action to a server reply containing "Agent is dead."', async () => {
    openTwinChat(makeAgent(), (s) => s.on(CHAT, { message: 'Agent is dead.', engine: 'none' }));
    await send('hi');
    expect(await screen.findByRole('button', { name: strings.allowButton })).toBeTruthy();
  });
});

describe('battery countdown on the twin chat', () => {
  it('shows dd:hh:mm:ss and a gauge', async () => {
    const expiry = Math.floor(Date.now() / 1000) + 2 * 86_400 + 3 * 3_600 + 4 * 60 + 5;
    openTwinChat(makeAgent({}, expiry));
    const countdown = await screen.findByTestId('countdown');
    const shown = countdown.textContent ?? '';
    expect(shown).toMatch(/^02:03:0[34]:\d\d$/);
    // What is left now, give or take the second the countdown last ticked (a busy machine may take a
    // few seconds from the expiry above to this line: the figure follows the clock, not the test).
    const [days, hours, minutes, seconds] = shown.split(':').map(Number);
    const shownSeconds = ((days! * 24 + hours!) * 60 + minutes!) * 60 + seconds!;
    const left = expiry - Date.now() / 1000;
    expect(shownSeconds).toBeGreaterThanOrEqual(Math.floor(left) - 1);
    expect(shownSeconds).toBeLessThanOrEqual(Math.ceil(left) + 1);
    const meter = screen.getByRole('meter', { name: 'Battery' });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBe(30);
  });
});

describe('dead twin', () => {
  it('answers with the helper and the allow action, without calling the server', async () => {
    const { server } = openTwinChat(makeAgent({}, Math.floor(Date.now() / 1000) - 10));
    expect((await screen.findByTestId('countdown')).textContent).toBe('00:00:00:00');
    await send('are you there?');
    expect(await screen.findByText(strings.deadTwin)).toBeTruthy();
    expect(screen.getByText('are you there?')).toBeTruthy();
    expect(document.querySelector('[data-sender="ajax"] .message__text')?.textContent).toBe(strings.deadTwin);
    expect(screen.getByRole('button', { name: strings.allowButton })).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });
});

describe("the owner's empty battery", () => {
  it('says why it reads 00:00:00:00 and offers the revival without a message sent first', async () => {
    const { server } = openTwinChat(makeAgent({}, Math.floor(Date.now() / 1000) - 10));
    expect((await screen.findByTestId('countdown')).textContent).toBe('00:00:00:00');
    expect(await screen.findByText(strings.batteryRanOut)).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: strings.offerRevival }));
    expect(await screen.findByText(strings.deadTwin)).toBeTruthy();
    expect(screen.getByRole('button', { name: strings.allowButton })).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('a living battery needs no explanation', async () => {
    openTwinChat();
    await screen.findByTestId('countdown');
    await screen.findByRole('meter', { name: 'Battery' });
    expect(screen.queryByText(strings.batteryRanOut)).toBeNull();
    expect(screen.queryByRole('button', { name: strings.offerRevival })).toBeNull();
  });
});

describe('an expiry the server does not know (unknown is never dead)', () => {
  // The gauge is redrawn once the expiry is known: read the countdown afresh each time.
  const countdown = () => screen.getByTestId('countdown').textContent;
  const lifeReads = () =>
    host.chain.state.requests.filter(
      (request) =>
        request.method === 'eth_call' &&
        (request.params as [{ to: string }])[0].to.toLowerCase() === LIFE_ADDRESS.toLowerCase(),
    );

  it('reads the expiry from the life contract and counts down from it', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.expirySeconds.set('agent-1', BigInt(now + 2 * 86_400 + 120));
    const { server } = openTwinChat(makeAgent({}, null), (s) => s.on(CHAT, { message: 'still here', engine: 'llm' }));
    await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown()).toMatch(/^02:00:0[12]:\d\d$/));
    expect(lifeReads().length).toBeGreaterThan(0);
    await send('hi');
    expect(await screen.findByText('still here')).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(1);
  });

  it('is unknown, not dead, while the chain cannot be read: no 00:00:00:00, no helper, no payment', async () => {
    host.chain.state.failLifeReads = true;
    const { server } = openTwinChat(makeAgent({}, null), (s) => s.on(CHAT, { message: 'still here', engine: 'llm' }));
    await screen.findByTestId('countdown');
    expect(countdown()).toBe('--:--:--:--');
    await waitFor(() => expect(lifeReads().length).toBeGreaterThan(0));
    // After the chain client's retries (3, from 150 ms).
    expect(await screen.findByRole('status', { name: strings.batteryUnknown }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(strings.batteryUnreadable)).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();

    // Not dead: the message goes to the twin, and nothing asks for a battery.
    await send('are you there?');
    expect(await screen.findByText('still here')).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(1);
    expect(screen.queryByText(strings.deadTwin)).toBeNull();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
    expect(screen.queryByRole('button', { name: strings.buyButton })).toBeNull();
    expect(countdown()).toBe('--:--:--:--');

    // The chain answers again: it is asked at the polling interval, and the countdown starts.
    host.chain.state.expirySeconds.set('agent-1', BigInt(Math.floor(Date.now() / 1000) + 86_400));
    host.chain.state.failLifeReads = false;
    await waitFor(() => expect(countdown()).toMatch(/^0[01]:/), { timeout: 6_000 });
    expect(screen.queryByText(strings.batteryUnreadable)).toBeNull();
  }, 15_000);

  it('is dead when the life contract says the battery ran out', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.expirySeconds.set('agent-1', BigInt(now - 60));
    const { server } = openTwinChat(makeAgent({}, null));
    await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown()).toBe('00:00:00:00'));
    await send('are you there?');
    expect(await screen.findByText(strings.deadTwin)).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('a death the server reports is confirmed on the chain: a revival newer than its index wins', async () => {
    const now = Math.floor(Date.now() / 1000);
    // The server's index still has the old expiry; the contract already has the revival's.
    host.chain.state.expirySeconds.set('agent-1', BigInt(now + 7 * 86_400));
    const { server } = openTwinChat(makeAgent({}, now - 60), (s) =>
      s.on(CHAT, { message: 'back online', engine: 'llm' }),
    );
    await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown()).toMatch(/^0[67]:/));
    expect(lifeReads().length).toBeGreaterThan(0);
    await send('hi');
    expect(await screen.findByText('back online')).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
  });

  it('the /agent page decides dead or alive from the chain too', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.expirySeconds.set('agent-1', BigInt(now + 86_400 + 120));
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', { agents: [] });
    server.on('GET /doppelganger/agents', directory([makeAgent({}, null)]));
    server.on(CHAT, { message: 'hello from the page', engine: 'llm' });
    renderApp({ path: '/agent/agent-1', server });
    await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown()).toMatch(/^01:00:0[12]:\d\d$/));
    await send('hi');
    expect(await screen.findByText('hello from the page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
  });
});

describe("the chain's clock (a local chain moved forward)", () => {
  it('runs the battery out by chain time, not the device clock', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.blockTimestamp = now + 4 * 86_400;
    const { server } = openTwinChat(makeAgent({}, now + 3 * 86_400));
    const countdown = await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown.textContent).toBe('00:00:00:00'));
    await send('are you there?');
    expect(await screen.findByText(strings.deadTwin)).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('follows the chain when its clock is moved forward while the chat is open', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.blockTimestamp = now - 10;
    openTwinChat(makeAgent({}, now + 3 * 86_400));
    const countdown = await screen.findByTestId('countdown');
    await waitFor(() => expect(host.chain.methods()).toContain('eth_getBlockByNumber'));
    expect(countdown.textContent).toMatch(/^0[23]:/);
    host.chain.state.blockNumber += 1;
    host.chain.state.blockTimestamp = now + 7 * 86_400;
    await waitFor(() => expect(countdown.textContent).toBe('00:00:00:00'), { timeout: 6_000 });
  });

  it('counts down from chain time while the chain runs ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.blockTimestamp = now + 86_400;
    openTwinChat(makeAgent({}, now + 3 * 86_400 + 60));
    const countdown = await screen.findByTestId('countdown');
    await waitFor(() => expect(countdown.textContent).toMatch(/^02:00:0[01]:\d\d$/));
  });

  it('an idle chain whose last block is in the past changes nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    host.chain.state.blockTimestamp = now - 3_600;
    openTwinChat(makeAgent({}, now + 86_400 + 120));
    const countdown = await screen.findByTestId('countdown');
    await act(async () => {});
    expect(countdown.textContent).toMatch(/^01:00:0[12]:\d\d$/);
  });
});

describe('/agent/{agentId}', () => {
  function openAgentPage(configure?: (server: ReturnType<typeof createFakeServer>) => void) {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', { agents: [] });
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    configure?.(server);
    return renderApp({ path: '/agent/agent-1', server });
  }

  it('has the back link, the input and Send, and posts the whole conversation', async () => {
    const { server } = openAgentPage((s) => s.on(CHAT, { message: 'hi back', engine: 'llm' }));
    const back = await screen.findByRole('link', { name: /Back to Agents Directory/ });
    expect(back.getAttribute('href')).toBe('/agents');
    await send('one');
    expect(await screen.findByText('hi back')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'typing' })).toBeNull(), { timeout: 1_600 });
    await send('two');
    await waitFor(() => expect(server.callsTo(CHAT)).toHaveLength(2));
    expect(server.callsTo(CHAT)[1]?.body).toEqual({
      conversation: [
        { content: 'one', role: 'user' },
        { content: 'hi back', role: 'assistant' },
        { content: 'two', role: 'user' },
      ],
      fid: 42,
    });
  });

  it("finds a twin by its id, without loading the directory's pages", async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', { agents: [] });
    const deep = makeAgent();
    const other = (n: number) => makeAgent({ agentId: `other-${n}`, name: `other ${n}` });
    // A long directory, the twin far beyond its first page.
    server.on('GET /doppelganger/agents', (call: { path: string }) => {
      const query = new URL(call.path, 'http://app.test').searchParams;
      if (query.get('agentId') === deep.agentId) {
        return json(directory([{ ...deep, farcasterClient: { ...deep.farcasterClient, username: 'deep-twin' } }]));
      }
      return json(directory([other(1), other(2)], 'page-2'));
    });
    renderApp({ path: '/agent/agent-1', server });
    expect(await screen.findByText(/@deep-twin/)).toBeTruthy();
    expect(server.callsTo('GET /doppelganger/agents').map((call) => call.path)).toEqual([
      '/doppelganger/agents?agentId=agent-1',
    ]);
  });

  it('shows a twin from the directory at once when the person comes from there', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', { agents: [] });
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    const app = renderApp({ path: '/agents', server });
    const card = await screen.findByRole('link', { name: /Alice Twin|alice-twin/ });
    let answerTwin: ((response: Response) => void) | undefined;
    server.on('GET /doppelganger/agents', (call: { path: string }) =>
      call.path.includes('agentId=')
        ? new Promise<Response>((resolve) => (answerTwin = resolve))
        : json(directory([makeAgent()])),
    );
    await act(async () => app.router.navigate(card.getAttribute('href')!));
    // Its own request still on its way: the page shows the twin the directory had.
    await waitFor(() => expect(answerTwin).toBeDefined());
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    answerTwin?.(json(directory([makeAgent()])));
  });

  it('only logs a send failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    openAgentPage((s) => s.on(CHAT, () => errorReply('nope', 500)));
    await send('hello');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Chat send failed', expect.anything()));
    expect(agentMessages()).toEqual([]);
    expect(screen.queryByText('nope')).toBeNull();
  });

  it('offers no message box when there is no user to chat as: nothing can be sent as nobody', async () => {
    host.context = Promise.resolve({ client: { clientFid: 1, added: false } } as never);
    const server = createFakeServer();
    server.on('GET /doppelganger/agents', directory([makeAgent()]));
    renderApp({ path: '/agent/agent-1', server });
    expect(await screen.findByText('Alice Twin')).toBeTruthy();
    await act(async () => {});
    expect(screen.queryByRole('textbox', { name: strings.messagePlaceholder })).toBeNull();
    expect(server.callsTo(CHAT)).toHaveLength(0);
  });

  it('loads the stored conversation', async () => {
    openAgentPage((s) =>
      s.on('GET /doppelganger/chat-with-fartwin/agent-1/history', {
        turns: [{ content: 'earlier', role: 'assistant' }],
      }),
    );
    expect(await screen.findByText('earlier')).toBeTruthy();
  });

  it("says 'offline mode' once for the echo engine's replies, and what it means", async () => {
    const user = userEvent.setup();
    openAgentPage((s) =>
      s.on('GET /doppelganger/chat-with-fartwin/agent-1/history', {
        turns: [
          { content: 'from the model', role: 'assistant', engine: 'llm' },
          { content: 'from my casts', role: 'assistant', engine: 'echo' },
          { content: 'from my casts again', role: 'assistant', engine: 'echo' },
        ],
      }),
    );
    expect(await screen.findByText('from my casts again')).toBeTruthy();
    const badge = screen.getByRole('button', { name: 'offline mode' });
    expect(screen.getAllByText('offline mode')).toHaveLength(1);
    expect(document.querySelectorAll('[data-engine="echo"]')).toHaveLength(2);
    const note = screen.getByText(strings.offlineModeNote);
    expect(note.hidden).toBe(true);
    await user.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(note.hidden).toBe(false);
  });

  it('speaks of someone else\'s dead twin as "this" twin, explains its battery and offers the revival', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', { agents: [] });
    server.on('GET /doppelganger/agents', directory([makeAgent({}, Math.floor(Date.now() / 1000) - 10)]));
    renderApp({ path: '/agent/agent-1', server });
    expect(await screen.findByText(strings.batteryRanOutVisitor)).toBeTruthy();
    expect(screen.getByText(strings.emptyChatVisitor)).toBeTruthy();
    // Before the first message: the twin's owner can read what is said to it.
    expect(screen.getByText(strings.ownerReadsChat)).toBeTruthy();
    await send('are you there?');
    expect(await screen.findByText(strings.deadTwinVisitor)).toBeTruthy();
    expect(screen.queryByText(strings.deadTwin)).toBeNull();
    // The helper's offer is in the chat: the note's own button has done its work.
    expect(screen.queryByRole('button', { name: strings.offerRevival })).toBeNull();
    expect(screen.getByRole('button', { name: strings.allowButton })).toBeTruthy();
  });
});
