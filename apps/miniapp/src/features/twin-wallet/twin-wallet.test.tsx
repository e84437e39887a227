import type { TwinWalletResponse, WithdrawalRequest } from '@fartwin/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorReply, json, withTwin } from '../../test/fake-server.ts';
import { OWN_ADDRESS, walletAnswer } from '../../test/owner-answers.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';
import { PENDING_WITHDRAWAL_REFRESH_MS } from './api/twin-wallet.ts';

const WALLET = '/doppelganger/wallet/agent-1';
const WITHDRAWALS = '/doppelganger/wallet/agent-1/withdrawals';

function openWallet(configure: (server: ReturnType<typeof createFakeServer>) => void, answer = walletAnswer()) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on(`GET ${WALLET}`, answer);
  configure(server);
  renderApp({ path: '/you/wallet', server });
  return server;
}

/** The owner enters an amount of `unit` (replacing what was there) and asks to review it. */
async function review(unit: string, amount: string) {
  const field = screen.getByLabelText(`Amount (${unit})`);
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.click(screen.getByRole('button', { name: 'Review' }));
}

/** A server that confirms every withdrawal at once, as the local chain mines it, under id `id`. */
const confirmsWithdrawals = (id: number) => (fake: ReturnType<typeof createFakeServer>) =>
  fake.on(`POST ${WITHDRAWALS}`, (call: { body: WithdrawalRequest }) =>
    json({
      withdrawal: {
        id,
        kind: 'withdrawal',
        asset: call.body.asset,
        amount: call.body.amount,
        to: call.body.to,
        status: 'confirmed',
        txHash: `0x${'ab'.repeat(32)}`,
        error: null,
        createdAt: new Date().toISOString(),
      },
    }),
  );

describe("/you/wallet: the twin's wallet for its owner", () => {
  it('shows the balances, and withdraws only after a confirmation, to an address of the owner', async () => {
    const server = openWallet(confirmsWithdrawals(1));
    expect((await screen.findByTestId('balance-usdc')).textContent).toBe('25');
    await review('USDC', '10');
    // Nothing is sent before the owner confirms.
    expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(0);
    screen.getByText(`Send 10 USDC from your twin's wallet to ${OWN_ADDRESS}?`);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('Withdrawn: 10 USDC.');
    const [sent] = server.callsTo(`POST ${WITHDRAWALS}`);
    expect(sent!.body).toMatchObject({ asset: 'usdc', amount: '10000000', to: OWN_ADDRESS });
    expect(sent!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('a withdrawal answered once sent shows as on its way, then as withdrawn once the wallet lists it confirmed', async () => {
    const spend = (status: 'sent' | 'confirmed') => ({
      id: 7,
      kind: 'withdrawal' as const,
      asset: 'usdc' as const,
      amount: '4000000',
      to: OWN_ADDRESS as `0x${string}`,
      status,
      txHash: `0x${'ab'.repeat(32)}`,
      error: null,
      createdAt: new Date().toISOString(),
    });
    let posted = false;
    let readsSincePost = 0;
    const server = openWallet((fake) => {
      fake.on(`POST ${WITHDRAWALS}`, () => {
        posted = true;
        return json({ withdrawal: spend('sent') });
      });
      // The server confirms it on a later read: the first read after the answer still has it on its way.
      fake.on(`GET ${WALLET}`, () => {
        if (!posted) return json(walletAnswer());
        readsSincePost++;
        return json(walletAnswer({ transactions: [spend(readsSincePost === 1 ? 'sent' : 'confirmed')] }));
      });
    });
    await screen.findByTestId('balance-usdc');
    await review('USDC', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('The withdrawal is on its way; it shows below once confirmed.');
    await screen.findByText('Withdrawn: 4 USDC.', undefined, { timeout: 3 * PENDING_WITHDRAWAL_REFRESH_MS });
    expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(1);
    expect(readsSincePost).toBeGreaterThanOrEqual(2);
  }, 20_000);

  it('retries a failed confirmation under the same idempotency key, and refuses more than the balance', async () => {
    let failures = 1;
    const server = openWallet((fake) =>
      fake.on(`POST ${WITHDRAWALS}`, () =>
        failures-- > 0 ? errorReply('The chain did not answer in time; try again', 503, 'chain_unavailable') : json({}),
      ),
    );
    await screen.findByTestId('balance-usdc');
    await review('USDC', '26');
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount above 0, at most the balance.');
    await review('USDC', '5');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('The chain did not answer in time; try again');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(2));
    const [first, second] = server.callsTo(`POST ${WITHDRAWALS}`);
    expect((second!.body as WithdrawalRequest).idempotencyKey).toBe((first!.body as WithdrawalRequest).idempotencyKey);
  });

  it("shows the fee keeper's claims and spends, and its transactions beside the withdrawals", async () => {
    const keeperStep = (id: number, kind: string, amounts: Record<string, string | null>, status = 'confirmed') => ({
      id,
      kind,
      period: '2026-11-25',
      to: '0x6666666666666666666666666666666666666666',
      amounts: { ethWei: null, wethWei: null, usdc: null, token: null, ...amounts },
      status,
      txHash: `0x${'cd'.repeat(32)}`,
      error: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    openWallet(
      () => {},
      walletAnswer({
        fees: {
          claimed: { wethWei: '20000000000000000', token: '7000000000000000000' },
          swapped: { wethWei: '19500000000000000', usdc: '58000000' },
          spent: {
            gasAdvanceWei: '500000000000000',
            unwrappedWei: '500000000000000',
            batteries: 1,
            batteriesUsdc: '1000000',
          },
        },
        transactions: [
          keeperStep(9, 'battery', { usdc: '1000000' }, 'sent'),
          keeperStep(8, 'swap', { wethWei: '19500000000000000', usdc: '58000000' }),
          keeperStep(7, 'approval', {}),
          keeperStep(6, 'fee-claim', { wethWei: '20000000000000000', token: '7000000000000000000' }),
          {
            id: 1,
            kind: 'withdrawal',
            asset: 'usdc',
            amount: '2000000',
            to: OWN_ADDRESS,
            status: 'confirmed',
            txHash: null,
            error: null,
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ] as TwinWalletResponse['transactions'],
      }),
    );
    expect((await screen.findByTestId('fees-claimed')).textContent).toBe('0.02 WETH + 7 $ALICE');
    expect(screen.getByTestId('fees-swapped').textContent).toBe('0.0195 WETH → 58 USDC');
    expect(screen.getByTestId('fees-gas').textContent).toBe('0.0005 ETH unwrapped, 0.0005 ETH advanced');
    expect(screen.getByTestId('fees-batteries').textContent).toBe('1 (1 USDC)');
    const lines = within(screen.getByRole('region', { name: 'Transactions' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Battery: 1 USDC · sent',
      'Swap: 0.0195 WETH, 58 USDC · confirmed',
      'Approval · confirmed',
      'Fee claim: 0.02 WETH · confirmed',
      'Withdrawal: 2 USDC → 0x1111…1111 · confirmed',
    ]);
    expect(screen.getByRole('link', { name: 'Back to your twin' }).getAttribute('href')).toBe('/you');
  });

  it("withdraws ETH or the twin's token once chosen: its balance, what is left today, its decimals, then a confirmation", async () => {
    const server = openWallet(confirmsWithdrawals(2));
    await screen.findByTestId('balance-usdc');
    const assets = screen.getByRole('group', { name: 'What to withdraw' });
    expect(within(assets).getByRole('radio', { name: 'USDC' })).toHaveProperty('checked', true);

    await userEvent.click(within(assets).getByRole('radio', { name: 'ETH' }));
    expect(screen.getByRole('heading', { name: 'Withdraw ETH' })).toBeTruthy();
    expect(screen.getByTestId('withdraw-available').textContent).toBe(
      "The wallet holds 1 ETH. 0.03 of 0.03 ETH left to withdraw today. 0.0005 ETH always stays in the wallet for your twin's own gas.",
    );
    const ethAmount = screen.getByLabelText('Amount (ETH)');
    // More than today's cap, then more decimals than ETH has: refused before any confirmation.
    await userEvent.type(ethAmount, '0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert').textContent).toBe('Only 0.03 ETH can be withdrawn today.');
    await userEvent.clear(ethAmount);
    await userEvent.type(ethAmount, '0.0000000000000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert').textContent).toBe('ETH has at most 18 decimals.');
    await userEvent.clear(ethAmount);
    await userEvent.type(ethAmount, '0.01');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      `Send 0.01 ETH from your twin's wallet to ${OWN_ADDRESS}?`,
    );
    expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('Withdrawn: 0.01 ETH.');
    expect(server.callsTo(`POST ${WITHDRAWALS}`)[0]!.body).toMatchObject({
      asset: 'eth',
      amount: '10000000000000000',
      to: OWN_ADDRESS,
    });

    // The twin's token, by its symbol, with its 18 decimals.
    await userEvent.click(screen.getByRole('radio', { name: '$ALICE' }));
    expect(screen.getByTestId('withdraw-available').textContent).toBe(
      'The wallet holds 5000 $ALICE. 1000000000 of 1000000000 $ALICE left to withdraw today.',
    );
    await review('$ALICE', '6000');
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount above 0, at most the balance.');
    await review('$ALICE', '1234.5');
    screen.getByText(`Send 1234.5 $ALICE from your twin's wallet to ${OWN_ADDRESS}?`);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('Withdrawn: 1234.5 $ALICE.');
    expect(server.callsTo(`POST ${WITHDRAWALS}`)[1]!.body).toMatchObject({
      asset: 'token',
      amount: '1234500000000000000000',
    });
  });

  it('keeps the gas reserve out of an ETH withdrawal, and lists withdrawals of each asset in its own units', async () => {
    const spend = (id: number, asset: 'eth' | 'token', amount: string) => ({
      id,
      kind: 'withdrawal' as const,
      asset,
      amount,
      to: OWN_ADDRESS as `0x${string}`,
      status: 'confirmed' as const,
      txHash: null,
      error: null,
      createdAt: '2026-11-25T10:00:00.000Z',
    });
    openWallet(
      () => {},
      walletAnswer({
        balances: { ...walletAnswer().balances, eth: '20000000000000000' },
        transactions: [spend(4, 'eth', '10000000000000000'), spend(3, 'token', '2500000000000000000')],
      }),
    );
    await screen.findByTestId('balance-usdc');
    const lines = within(screen.getByRole('region', { name: 'Transactions' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'Withdrawal: 0.01 ETH → 0x1111…1111 · confirmed',
      'Withdrawal: 2.5 $ALICE → 0x1111…1111 · confirmed',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'ETH' }));
    await review('ETH', '0.02');
    expect(screen.getByRole('alert').textContent).toBe("At most 0.0195 ETH: the rest stays for your twin's gas.");
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the keeper has claimed nothing yet', async () => {
    openWallet(() => {});
    await screen.findByText("The fee keeper has not claimed any of your token's fees yet.");
  });
});
