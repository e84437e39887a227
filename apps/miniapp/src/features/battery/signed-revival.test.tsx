import { batteryAuthorizationNonce } from '@fartwin/contracts/battery-authorization';
import { BATTERY_LIFE_SECONDS, BATTERY_PRICE_USDC } from '@fartwin/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Hex, keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { LIFE_ADDRESS, USDC_ADDRESS, USER_ADDRESS } from '../../test/fake-chain.ts';
import { type Call, createFakeServer, errorReply, json, makeAgent, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const RELAY = 'POST /doppelganger/battery-relay/agent-1';
const RELAYED_HASH = keccak256(toHex('relayed'));

/** The server relays the signed battery: the chain then has the transaction, mined, and the new life. */
function relayingServer() {
  return (call: Call) => {
    host.chain.state.receipts.set(RELAYED_HASH, 'success');
    const now = BigInt(Math.floor(Date.now() / 1000));
    host.chain.state.expirySeconds.set('agent-1', now + BigInt(BATTERY_LIFE_SECONDS));
    return json({ agentId: 'agent-1', payer: (call.body as { from: string }).from, txHash: RELAYED_HASH });
  };
}

/** A dead twin on the main screen, on a server that relays signed batteries; the wallet has `ethBalance`. */
async function openDeadTwin(relay: (call: Call) => Response, { ethBalance = 0n } = {}) {
  (globalThis as unknown as { __FARTWIN_CONFIG__: Record<string, unknown> }).__FARTWIN_CONFIG__.batteryRelay = true;
  host.chain.state.blockTimestamp = Math.floor(Date.now() / 1000);
  // By default USDC and no ETH: the wallet cannot pay a transaction's gas.
  host.chain.state.ethBalance = ethBalance;
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin(makeAgent({}, Math.floor(Date.now() / 1000) - 60)));
  server.on(RELAY, relay);
  const { router } = renderApp({ server });
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('Type your message...'), 'wake up{Enter}');
  await screen.findByText(strings.deadTwin);
  return { user, server, router };
}

describe('revival with only USDC (one signature, relayed)', () => {
  it('is offered first, signs 1 USDC to the life contract for this twin, and the twin lives again with no transaction from the wallet', async () => {
    host.chain.state.typedData = 'signs';
    const { user, server } = await openDeadTwin(relayingServer());
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();

    const [typed] = host.chain.state.signedTypedData as {
      domain: Record<string, unknown>;
      primaryType: string;
      message: Record<string, string>;
    }[];
    expect(typed?.primaryType).toBe('ReceiveWithAuthorization');
    expect(typed?.domain).toEqual({ name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: USDC_ADDRESS });
    const [relayed] = server.callsTo(RELAY);
    const body = relayed?.body as Record<string, string>;
    expect(body).toMatchObject({
      from: USER_ADDRESS,
      to: LIFE_ADDRESS,
      value: String(BATTERY_PRICE_USDC),
      validAfter: '0',
      signature: `0x${'ab'.repeat(64)}1b`,
    });
    // The nonce binds the signature to this twin and to the payer's quoted minimum (the quote less
    // 1 %), so the relayer can change neither; the message signed is the one relayed.
    expect(body.minA0xOut).toBe(String((host.chain.state.quotedA0x * 99n) / 100n));
    expect(body.nonce).toBe(batteryAuthorizationNonce('agent-1', BigInt(body.minA0xOut ?? ''), body.salt as Hex));
    expect(typed?.message).toMatchObject({ from: USER_ADDRESS, to: LIFE_ADDRESS, nonce: body.nonce });
    expect(Number(body.validBefore)).toBeGreaterThanOrEqual(host.chain.state.blockTimestamp! + 600);
    // The wallet sent nothing and paid no gas.
    expect(host.chain.state.sent).toEqual([]);
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(07:00:00:00|06:23:59:5\d)$/);
  });

  it('a rejected signature falls back to paying from the wallet, with a clear message', async () => {
    host.chain.state.typedData = 'rejects';
    const { user, server } = await openDeadTwin(relayingServer());
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.signedRevivalRejected)).toBeTruthy();
    expect(server.callsTo(RELAY)).toEqual([]);
    // Allow-then-buy takes over.
    await user.click(await screen.findByRole('button', { name: strings.allowButton }));
    await waitFor(() => expect(host.chain.state.sent[0]?.functionName).toBe('approve'));
    expect(screen.queryByRole('button', { name: strings.signedReviveButton })).toBeNull();
  });

  it("the relay's refusal is said, and the wallet payment is offered", async () => {
    host.chain.state.typedData = 'signs';
    const refusal = 'Fartwin pays the gas of 3 signed revivals per wallet a day, and this wallet has had them.';
    const { user } = await openDeadTwin(() => errorReply(refusal, 429, 'payer_daily_limit'));
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.signedRevivalRefused(refusal))).toBeTruthy();
    expect(await screen.findByRole('button', { name: strings.allowButton })).toBeTruthy();
    expect(host.chain.state.sent).toEqual([]);
  });

  it('a wallet with ETH for gas that signs typed data is offered it first too, and revives in one signature', async () => {
    host.chain.state.typedData = 'signs';
    const { user, server } = await openDeadTwin(relayingServer(), { ethBalance: 10n ** 18n });
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(server.callsTo(RELAY)).toHaveLength(1);
    // One signature, no transaction from the wallet.
    expect(host.chain.state.sent).toEqual([]);
    expect(screen.queryByRole('button', { name: strings.allowButton })).toBeNull();
  });

  it('a rejected signature from a wallet with ETH says so and offers the wallet payment, as before', async () => {
    host.chain.state.typedData = 'rejects';
    const { user, server } = await openDeadTwin(relayingServer(), { ethBalance: 10n ** 18n });
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.signedRevivalRejected)).toBeTruthy();
    expect(await screen.findByRole('button', { name: strings.allowButton })).toBeTruthy();
    expect(server.callsTo(RELAY)).toEqual([]);
  });

  it.each([
    ['4200 Unsupported Method', 'unsupported'],
    ['-32601 Method not found', 'not-found'],
  ] as const)(
    'a wallet that answers %s is moved at once to allow-then-buy with a plain note, no error, and revives',
    async (_, answer) => {
      host.chain.state.typedData = answer;
      const { user, server } = await openDeadTwin(relayingServer(), { ethBalance: 10n ** 18n });
      await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
      expect(await screen.findByText(strings.signedRevivalUnsupported)).toBeTruthy();
      // No error to act on: neither the wallet's error text nor "cannot sign the revival (…)".
      expect(screen.queryByText(/does not support|does not exist|cannot sign the revival/)).toBeNull();
      expect(server.callsTo(RELAY)).toEqual([]);
      // Allow-then-buy, at once, and the revival goes through.
      await user.click(await screen.findByRole('button', { name: strings.allowButton }));
      await user.click(await screen.findByRole('button', { name: strings.buyButton }));
      expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
      expect(host.chain.state.sent.map(({ functionName }) => functionName)).toEqual(['approve', 'extendLife']);
    },
  );

  it('a wallet that cannot sign typed data but sends calls together is moved to one-tap, and stays marked unable', async () => {
    host.chain.state.typedData = 'unsupported';
    host.chain.state.bundles = 'non-atomic';
    const { user, router } = await openDeadTwin(relayingServer(), { ethBalance: 10n ** 18n });
    await user.click(await screen.findByRole('button', { name: strings.signedReviveButton }));
    expect(await screen.findByText(strings.signedRevivalUnsupported)).toBeTruthy();
    // Marked for the session: back on the chat after another screen, one-tap is the first way.
    await router.navigate('/agents');
    await waitFor(() => expect(screen.queryByPlaceholderText('Type your message...')).toBeNull());
    await router.navigate('/');
    await user.type(await screen.findByPlaceholderText('Type your message...'), 'still there?{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: strings.reviveButton }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('button', { name: strings.signedReviveButton })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: strings.reviveButton }).at(-1)!);
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(host.chain.methods().filter((method) => method === 'eth_signTypedData_v4')).toHaveLength(1);
    expect(host.chain.methods()).toContain('wallet_sendCalls');
  });

  it('a wallet that sends calls atomically (a Base Account) revives in one tap, not with a signature, and carries the builder code', async () => {
    const suffix = '0x62635f6661727477696e310b0080218021802180218021802180218021';
    (globalThis as unknown as { __FARTWIN_CONFIG__: Record<string, unknown> }).__FARTWIN_CONFIG__.dataSuffix = suffix;
    host.chain.state.typedData = 'signs';
    host.chain.state.bundles = 'atomic';
    const { user } = await openDeadTwin(relayingServer(), { ethBalance: 10n ** 18n });
    await user.click(await screen.findByRole('button', { name: strings.reviveButton }));
    expect(await screen.findByText(strings.batteryInstalled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: strings.signedReviveButton })).toBeNull();
    expect(host.chain.methods()).not.toContain('eth_signTypedData_v4');
    const bundles = host.chain.state.requests.filter((request) => request.method === 'wallet_sendCalls');
    expect(bundles).toHaveLength(1);
    expect((bundles[0]!.params as [{ capabilities: unknown }])[0].capabilities).toEqual({
      dataSuffix: { value: suffix, optional: true },
    });
    expect(host.chain.state.sent.map(({ data }) => data.endsWith(suffix.slice(2)))).toEqual([true, true]);
  });
});
