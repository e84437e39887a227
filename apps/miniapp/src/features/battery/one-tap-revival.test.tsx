import { BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { LIFE_ADDRESS, RpcError, USDC_ADDRESS } from '../../test/fake-chain.ts';
import { createFakeServer, makeAgent, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const FRESH_BATTERY = /^(07:00:00:00|06:23:59:\d\d)$/;

/** A dead twin on the main screen, its helper message sent; the wallet has read its capabilities. */
async function openDeadTwin() {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
  renderApp({ server });
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Type your message...'), 'wake up{Enter}');
  await screen.findByText(strings.deadTwin);
  await waitFor(() => expect(host.chain.methods()).toContain('wallet_getCapabilities'));
  return { user };
}

const helperTexts = () =>
  Array.from(document.querySelectorAll('[data-sender] .message__text'))
    .map((node) => node.textContent ?? '')
    .slice(2);
const sentCalls = () => host.chain.state.sent.map(({ functionName, args }) => ({ functionName, args }));
const bundleRequests = () => host.chain.methods().filter((method) => method === 'wallet_sendCalls');

describe('one-tap revival (EIP-5792)', () => {
  it('an atomic wallet: one "Revive for 1 USDC", one bundle of approve + extendLife, and the twin is back', async () => {
    host.chain.state.bundles = 'atomic';
    const chainNow = Math.floor(Date.now() / 1000) + 5;
    host.chain.state.blockTimestamp = chainNow;
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();

    expect(bundleRequests()).toHaveLength(1);
    expect(host.chain.methods()).not.toContain('eth_sendTransaction');
    const [bundle] = host.chain.state.requests.filter((request) => request.method === 'wallet_sendCalls');
    expect((bundle!.params as [{ chainId: string; calls: { to: string }[] }])[0]).toMatchObject({
      chainId: '0x2105',
      calls: [{ to: USDC_ADDRESS }, { to: LIFE_ADDRESS }],
    });
    // The bundle's extendLife carries the payer's protection: the quote less 1 %, and a deadline.
    const deadline = host.chain.state.sent[1]!.args[3] as bigint;
    expect(sentCalls()).toEqual([
      { functionName: 'approve', args: [LIFE_ADDRESS, BATTERY_PRICE_USDC] },
      {
        functionName: 'extendLife',
        args: ['agent-1', BATTERY_PRICE_USDC, (host.chain.state.quotedA0x * 99n) / 100n, deadline],
      },
    ]);
    expect(Number(deadline)).toBeGreaterThanOrEqual(chainNow + 600);
    expect(Number(deadline)).toBeLessThanOrEqual(Math.max(chainNow, Math.floor(Date.now() / 1000)) + 600);
    expect(host.chain.methods()).toContain('wallet_getCallsStatus');
    expect(helperTexts()).toEqual([strings.revivalSubmitted, strings.transactionConfirmed, strings.batteryInstalled]);
    expect(screen.getByTestId('countdown').textContent).toMatch(FRESH_BATTERY);
    // The revival used its button up.
    expect(screen.queryByRole('button', { name: strings.reviveButton })).toBeNull();
  });

  it('a non-atomic wallet that lands every call revives the same way', async () => {
    host.chain.state.bundles = 'non-atomic';
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toMatch(FRESH_BATTERY);
  });

  it('a non-atomic wallet lands only the approval: the chat says so and continues with Buy', async () => {
    host.chain.state.bundles = 'first-call-only';
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.revivalOnlyApproved)).toBeTruthy();
    expect(helperTexts()).toEqual([strings.revivalSubmitted, strings.revivalOnlyApproved, strings.usdcApproved]);
    expect(screen.getByTestId('countdown').textContent).toBe('00:00:00:00');
    expect(sentCalls().map((call) => call.functionName)).toEqual(['approve']);

    // The second step: Buy sends extendLife alone, with the approval that landed.
    await user.click(screen.getByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(sentCalls().map((call) => call.functionName)).toEqual(['approve', 'extendLife']);
    expect(bundleRequests()).toHaveLength(1);
    expect(screen.getByTestId('countdown').textContent).toMatch(FRESH_BATTERY);
  });

  it('a rejected bundle: a clear error, nothing paid, and the button can be used again', async () => {
    host.chain.state.bundles = 'non-atomic';
    host.chain.state.sendError = new RpcError(4001, 'User rejected the request.');
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.revivalFailed('The user rejected the request.'))).toBeTruthy();
    expect(sentCalls()).toEqual([]);
    const again = screen.getByRole('button', { name: 'Error: The user rejected the request.' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);

    await user.click(again);
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(bundleRequests()).toHaveLength(2);
  });

  it('a bundle where nothing landed: a clear error, and the revival can be tried again', async () => {
    host.chain.state.bundles = 'atomic';
    host.chain.state.receiptStatus = 'reverted';
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.revivalFailed(strings.transactionFailed))).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('00:00:00:00');
    expect(
      (screen.getByRole('button', { name: `Error: ${strings.transactionFailed}` }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('disables the button while the wallet asks', async () => {
    let confirm: () => void = () => {};
    host.chain.state.bundles = 'atomic';
    host.chain.state.sendGate = new Promise((resolve) => (confirm = resolve));
    const { user } = await openDeadTwin();
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(((await screen.findByRole('button', { name: strings.pending })) as HTMLButtonElement).disabled).toBe(true);
    confirm();
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
  });

  it('a wallet without EIP-5792 keeps the two steps: Allow, then Buy, two transactions', async () => {
    const { user } = await openDeadTwin();
    expect(screen.queryByRole('button', { name: strings.reviveButton })).toBeNull();
    await user.click(screen.getByRole('button', { name: strings.allowButton }));
    await user.click(await screen.findByRole('button', { name: strings.buyButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(bundleRequests()).toHaveLength(0);
    expect(sentCalls().map((call) => call.functionName)).toEqual(['approve', 'extendLife']);
    expect(helperTexts().filter((text) => !text.startsWith('Transaction is being processed'))).toEqual([
      strings.usdcApproved,
      strings.transactionConfirmed,
      strings.batteryInstalled,
    ]);
  });
});
