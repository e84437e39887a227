import type { TwinWalletResponse, WithdrawalRequest } from '@fartwin/protocol';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorReply, json, withTwin } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render.tsx';
import { host, userContext } from '../../test/sdk-double.ts';

const WALLET = '/doppelganger/wallet/agent-1';
const WITHDRAWALS = '/doppelganger/wallet/agent-1/withdrawals';
const OWN_ADDRESS = '0x1111111111111111111111111111111111111111';

const wallet = (overrides: Partial<TwinWalletResponse> = {}): TwinWalletResponse => ({
  agentId: 'agent-1',
  address: '0x4444444444444444444444444444444444444444',
  balances: {
    eth: '1000000000000000000',
    usdc: '25000000',
    token: { address: '0x5555555555555555555555555555555555555555', symbol: 'ALICE', amount: '0' },
  },
  fees: null,
  transactions: [],
  withdrawTo: [OWN_ADDRESS],
  limits: { usdcLeftToday: '100000000', usdcPerDay: '100000000', gasReserveWei: '500000000000000' },
  ...overrides,
});

function openWallet(configure: (server: ReturnType<typeof createFakeServer>) => void) {
  host.context = Promise.resolve(userContext(42));
  const server = createFakeServer();
  server.on('GET /doppelganger/agents/42', withTwin());
  server.on(`GET ${WALLET}`, wallet());
  configure(server);
  renderApp({ path: '/you/wallet', server });
  return server;
}

describe("/you/wallet: the twin's wallet for its owner", () => {
  it('shows the balances, and withdraws only after a confirmation, to an address of the owner', async () => {
    const server = openWallet((fake) =>
      fake.on(`POST ${WITHDRAWALS}`, (call: { body: WithdrawalRequest }) =>
        json({
          withdrawal: {
            id: 1,
            kind: 'withdrawal',
            asset: 'usdc',
            amount: call.body.amount,
            to: call.body.to,
            status: 'confirmed',
            txHash: `0x${'ab'.repeat(32)}`,
            error: null,
            createdAt: new Date().toISOString(),
          },
        }),
      ),
    );
    expect((await screen.findByTestId('balance-usdc')).textContent).toBe('25');
    await userEvent.type(screen.getByLabelText('Amount (USDC)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    // Nothing is sent before the owner confirms.
    expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(0);
    screen.getByText(`Send 10 USDC from your twin's wallet to ${OWN_ADDRESS}?`);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('Withdrawn: 10 USDC.');
    const [sent] = server.callsTo(`POST ${WITHDRAWALS}`);
    expect(sent!.body).toMatchObject({ asset: 'usdc', amount: '10000000', to: OWN_ADDRESS });
    expect(sent!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('retries a failed confirmation under the same idempotency key, and refuses more than the balance', async () => {
    let failures = 1;
    const server = openWallet((fake) =>
      fake.on(`POST ${WITHDRAWALS}`, () =>
        failures-- > 0 ? errorReply('The chain did not answer in time; try again', 503, 'chain_unavailable') : json({}),
      ),
    );
    await screen.findByTestId('balance-usdc');
    await userEvent.type(screen.getByLabelText('Amount (USDC)'), '26');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount above 0, at most the balance.');
    await userEvent.clear(screen.getByLabelText('Amount (USDC)'));
    await userEvent.type(screen.getByLabelText('Amount (USDC)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await screen.findByText('The chain did not answer in time; try again');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(server.callsTo(`POST ${WITHDRAWALS}`)).toHaveLength(2));
    const [first, second] = server.callsTo(`POST ${WITHDRAWALS}`);
    expect((second!.body as WithdrawalRequest).idempotencyKey).toBe((first!.body as WithdrawalRequest).idempotencyKey);
  });
});
