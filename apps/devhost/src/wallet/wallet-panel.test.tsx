/** @vitest-environment happy-dom */
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQueries } from '../test/render.tsx';
import { createDevWallet } from './dev-wallet.ts';
import { typedDataModeSetting } from './typed-data-modes.ts';
import { WalletPanel } from './WalletPanel.tsx';

const account = localUserAccount(1001);

describe('the wallet panel\'s "Signs typed data (EIP-712)" switch', () => {
  afterEach(() => typedDataModeSetting.set('supported'));

  it('defaults to signing; switched off, the dev wallet answers eth_signTypedData_v4 with 4200 and asks nothing', async () => {
    renderWithQueries(
      <WalletPanel
        address={account.address}
        chainId={8453}
        // Nothing listens there: the panel's balances stay unread, its switches work.
        rpcUrl="http://127.0.0.1:9"
        usdc={null}
        failureMode="none"
        onFailureModeChange={() => {}}
      />,
    );
    const prompts: unknown[] = [];
    const wallet = createDevWallet({
      account,
      rpcUrl: 'http://127.0.0.1:9',
      initialChainId: 8453,
      confirm: async (prompt) => {
        prompts.push(prompt);
        return false;
      },
      failureMode: () => 'none',
      typedDataMode: typedDataModeSetting.get,
    });
    const signTypedData = () =>
      wallet.request({ method: 'eth_signTypedData_v4', params: [account.address, '{}'] } as never);

    const select = screen.getByTestId<HTMLSelectElement>('wallet-typed-data');
    expect(select.value).toBe('supported');
    // Signing by default: the request reaches the person (who rejects it here, 4001).
    await expect(signTypedData()).rejects.toMatchObject({ code: 4001 });
    expect(prompts).toHaveLength(1);

    await userEvent.selectOptions(select, 'unsupported');
    expect(select.value).toBe('unsupported');
    await expect(signTypedData()).rejects.toMatchObject({
      code: 4200,
      message: 'The provider does not support the requested method.',
    });
    expect(prompts).toHaveLength(1);
  });
});
