import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { strings, walletErrorTexts } from '../../lib/strings.ts';
import { LIFE_ADDRESS, RpcError } from '../../test/fake-chain.ts';
import { createFakeServer, makeAgent, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';
import { BuyBatteryButton } from './components/RevivalActions.tsx';
import { FREE_BATTERY_FLAG, type Revival } from './hooks/useRevival.ts';

const CHAT = 'POST /doppelganger/chat-with-fartwin/agent-1';
const HASH_MESSAGE =
  /^Transaction is being processed\. The hash is 0x[0-9a-f]{64}\.\.\. Wait a while for confirmation\.\.\.$/;

async function openDeadTwin() {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
  server.on(CHAT, { message: 'back at it', engine: 'llm' });
  renderApp({ server });
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Type your message...'), 'wake up{Enter}');
  await screen.findByText(strings.deadTwin);
  // The wallet is connected by the start-up, and the allowance has been read.
  await waitFor(() => expect(host.chain.methods()).toContain('eth_call'));
  return { user, server };
}

/** A deadline ten minutes after the later of the chain's time and the wall clock at the purchase. */
function expectDeadlineFrom(deadline: bigint, chainNow: number) {
  const latest = Math.max(chainNow, Math.floor(Date.now() / 1000));
  expect(Number(deadline)).toBeGreaterThanOrEqual(chainNow + 600);
  expect(Number(deadline)).toBeLessThanOrEqual(latest + 600);
}

const ajaxTexts = () =>
  Array.from(document.querySelectorAll('[data-sender] .message__text')).map((node) => node.textContent ?? '');

describe('revival: allow, buy, and what each failure says', () => {
  it('approves 1 USDC to the life contract, buys a battery, and the twin lives 7 more days', async () => {
    // The chain's clock a little ahead of the wall clock: the deadline counts from the later of the two.
    const chainNow = Math.floor(Date.now() / 1000) + 5;
    host.chain.state.blockTimestamp = chainNow;
    const { user, server } = await openDeadTwin();
    const allow = screen.getByRole('button', { name: strings.allowButton });
    await user.click(allow);

    expect(await screen.findByText('USDC spending approved! Now you can buy a battery pack for 1 USDC.')).toBeTruthy();
    expect(host.chain.state.sent[0]).toMatchObject({
      functionName: 'approve',
      args: [LIFE_ADDRESS, BATTERY_PRICE_USDC],
    });
    expect(ajaxTexts().some((text) => HASH_MESSAGE.test(text))).toBe(true);
    // Allow stays disabled once approved in this session.
    const approved = screen.getByRole('button', { name: strings.approved }) as HTMLButtonElement;
    expect(approved.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: strings.buyButton }));
    expect(
      await screen.findByText(
        "Battery installation complete! I'm back online and will live for 7 more days. How can I help you today?",
      ),
    ).toBeTruthy();
    // The payer's protection: QuoterV2's quote less 1 %, mined within 10 minutes.
    expect(host.chain.state.sent[1]).toMatchObject({
      functionName: 'extendLife',
      args: ['agent-1', BATTERY_PRICE_USDC, (host.chain.state.quotedA0x * 99n) / 100n, expect.any(BigInt)],
    });
    expectDeadlineFrom(host.chain.state.sent[1]!.args[3] as bigint, chainNow);
    const texts = ajaxTexts();
    expect(texts.filter((text) => HASH_MESSAGE.test(text))).toHaveLength(2);
    expect(texts.indexOf('Transaction confirmed! Now installing the battery...')).toBeLessThan(
      texts.indexOf(strings.batteryInstalled),
    );
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(07:00:00:00|06:23:59:5\d)$/);
    expect(localStorage.getItem(FREE_BATTERY_FLAG)).toBe('true');

    // Alive again: the next message goes to the server.
    await user.type(screen.getByPlaceholderText('Type your message...'), 'hello again{Enter}');
    expect(await screen.findByText('back at it')).toBeTruthy();
    expect(server.callsTo(CHAT)).toHaveLength(1);
  });

  it('each transaction the wallet sends ends with the app’s builder code, after the call', async () => {
    const suffix = '0x62635f6661727477696e310b0080218021802180218021802180218021';
    (globalThis as unknown as { __FARTWIN_CONFIG__: Record<string, unknown> }).__FARTWIN_CONFIG__.dataSuffix = suffix;
    const { user } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(host.chain.state.sent.map(({ functionName }) => functionName)).toEqual(['approve', 'extendLife']);
    for (const { data } of host.chain.state.sent) expect(data.endsWith(suffix.slice(2))).toBe(true);
  });

  it('keeps an existing alreadyHadTheFreeBattery flag', async () => {
    localStorage.setItem(FREE_BATTERY_FLAG, 'kept');
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(localStorage.getItem(FREE_BATTERY_FLAG)).toBe('kept');
  });

  it("buys with the two-argument extendLife (the owner's floor) when the quote fails, rather than not at all", async () => {
    host.chain.state.blockTimestamp = Math.floor(Date.now() / 1000);
    host.chain.state.failQuotes = true;
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(host.chain.state.sent.map(({ functionName, args }) => ({ functionName, args }))).toEqual([
      { functionName: 'extendLife', args: ['agent-1', BATTERY_PRICE_USDC] },
    ]);
  });

  it('shows the buy button instead of allow when an allowance exists', async () => {
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    await openDeadTwin();
    expect(await screen.findByRole('button', { name: strings.buyButton })).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
  });

  it('disables allow while the wallet is asking, then while confirming', async () => {
    let confirm: () => void = () => {};
    host.chain.state.sendGate = new Promise((resolve) => (confirm = resolve));
    const { user } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    const pending = (await screen.findByRole('button', { name: strings.pending })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    confirm();
    expect(await screen.findByText(strings.usdcApproved)).toBeTruthy();
  });

  it('an approval error: message, flag reset, and the button shows the error', async () => {
    host.chain.state.sendError = new RpcError(4001, 'User rejected the request.');
    const { user } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    expect(
      await screen.findByText('There was an error allowing USDC spending: The user rejected the request.'),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Error: The user rejected the request.' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  // The wallet error texts (checked letter by letter in strings.test.ts), whatever the wallet says.
  it.each(Object.entries(walletErrorTexts).map(([code, text]) => [Number(code), text] as const))(
    'the wallet answering %i reads "%s"',
    async (code, text) => {
      host.chain.state.sendError = new RpcError(code, 'Unknown provider RPC error');
      const { user } = await openDeadTwin();
      await user.click(screen.getByRole('button', { name: strings.allowButton }));
      expect(await screen.findByText(`There was an error allowing USDC spending: ${text}`)).toBeTruthy();
      expect(screen.getByRole('button', { name: `Error: ${text}` })).toBeTruthy();
    },
  );

  it('a reverted approval says "Transaction failed"', async () => {
    host.chain.state.receiptStatus = 'reverted';
    const { user } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    expect(await screen.findByText('There was an error allowing USDC spending: Transaction failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Error: Transaction failed' })).toBeTruthy();
  });

  it('a purchase the wallet refuses', async () => {
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    const { user } = await openDeadTwin();
    host.chain.state.sendError = new RpcError(4001, 'User rejected the request.');
    await user.click(screen.getByRole('button', { name: strings.buyButton }));
    expect(
      await screen.findByText('Sorry, there was an error during the battery purchase: The user rejected the request.'),
    ).toBeTruthy();
  });

  it('a purchase that reverts on chain', async () => {
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    const { user } = await openDeadTwin();
    host.chain.state.receiptStatus = 'reverted';
    await user.click(screen.getByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText('There was an error during the transaction: Transaction failed')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('00:00:00:00');
  });

  // The purchase went through, so "Please try again" would send a purchase that
  // fails (the allowance is spent). The chat says what happened and the chain is read again.
  it('a purchase that went through whose new expiry cannot be read yet: said so, then read again', async () => {
    host.chain.state.allowance = BATTERY_PRICE_USDC;
    const { user } = await openDeadTwin();
    host.chain.state.failLifeReads = true;
    await user.click(screen.getByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.transactionConfirmed)).toBeTruthy();
    expect(await screen.findByText(strings.installPending, {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(strings.installError)).toBeNull();
    // No second purchase is offered while the chain is asked again.
    expect((screen.getByRole('button', { name: strings.confirming }) as HTMLButtonElement).disabled).toBe(true);
    expect(localStorage.getItem(FREE_BATTERY_FLAG)).toBeNull();

    host.chain.state.failLifeReads = false;
    expect(await screen.findByText(strings.batteryInstalled, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(07:00:00:00|06:23:59:\d\d)$/);
    expect(localStorage.getItem(FREE_BATTERY_FLAG)).toBe('true');
    expect(host.chain.state.sent.map((sent) => sent.functionName)).toEqual(['extendLife']);
  }, 20_000);

  // The allowance is spent, so those buttons would only fail.
  it('after a revival the Allow and Buy buttons already in the chat are gone', async () => {
    const { user } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: strings.allowButton })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: strings.buyButton })).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: strings.approved })).toHaveLength(0);
  });

  it('a later "Agent is dead." reply gets a working allow button again', async () => {
    const { user, server } = await openDeadTwin();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    server.on(CHAT, { message: 'Agent is dead.', engine: 'none' });
    await user.type(screen.getByPlaceholderText('Type your message...'), 'still there?{Enter}');
    const allow = (await screen.findByRole('button', { name: strings.allowButton })) as HTMLButtonElement;
    expect(allow.disabled).toBe(false);
  });

  // A reply containing "Agent is dead." carries the allow action, in the stored conversation too.
  it('a stored "Agent is dead." reply keeps its allow-spending action after a reload', async () => {
    host.context = Promise.resolve(userContext(42));
    const server = createFakeServer();
    server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
    server.on('GET /doppelganger/chat-with-fartwin/agent-1/history', {
      turns: [
        { content: 'hello?', role: 'user' },
        { content: 'Agent is dead. Its battery ran out.', role: 'assistant' },
        { content: 'an ordinary reply', role: 'assistant' },
      ],
    });
    renderApp({ server });
    const stored = (await screen.findByText('Agent is dead. Its battery ran out.')).closest('li')!;
    const allow = await within(stored).findByRole('button', { name: strings.allowButton });
    expect((allow as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getAllByRole('button', { name: strings.allowButton })).toHaveLength(1);
  });
});

describe('buy button rules', () => {
  const revival = (phase: Revival['buy']['phase']): Revival => ({
    available: true,
    allowance: BATTERY_PRICE_USDC,
    approve: { phase: 'idle', approved: false, error: null, run: async () => {} },
    buy: { phase, run: async () => {} },
    oneTap: { supported: false, phase: 'idle', error: null, run: async () => {} },
    signed: { offered: false, phase: 'idle', error: null, run: async () => {} },
  });

  it.each([
    ['idle with an agent id', 'idle', 'agent-1', false],
    ['without an agent id', 'idle', null, true],
    ['pending', 'pending', 'agent-1', true],
    ['confirming', 'confirming', 'agent-1', true],
  ] as const)('%s → disabled %s', (_name, phase, agentId, disabled) => {
    render(<BuyBatteryButton revival={revival(phase)} agentId={agentId} />);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(disabled);
  });
});
