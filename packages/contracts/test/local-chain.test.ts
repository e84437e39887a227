import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { revertSnapshot } from '../src/deployment.ts';
import { useTestChain } from './support/chain.ts';
import { send } from './support/life.ts';

const chain = useTestChain();

describe('reverting the local chain to a snapshot', () => {
  it('leaves no transaction in the pool, so a sender’s next transaction is mined with the nonce the chain expects', async () => {
    const { alice, bob, publicClient, testClient } = chain();
    const snapshot = await testClient.snapshot();
    // A transaction anvil never mines: sent while automine is off.
    await testClient.setAutomine(false);
    await alice.sendTransaction({ to: bob.account.address, value: parseEther('1') });
    expect((await testClient.getTxpoolStatus()).pending).toBe(1);
    await expect(revertSnapshot(testClient, snapshot, 50)).rejects.toThrow(/1 transaction\(s\) anvil never mined/);
    await testClient.setAutomine(true);
    expect(await testClient.getTxpoolStatus()).toEqual({ pending: 0, queued: 0 });
    // Alice's next transaction takes the chain's nonce and is mined.
    const receipt = await send(chain(), alice.sendTransaction({ to: bob.account.address, value: parseEther('1') }));
    expect(receipt.status).toBe('success');
    expect(await publicClient.getTransactionCount({ address: alice.account.address })).toBe(
      (await publicClient.getTransaction({ hash: receipt.transactionHash })).nonce + 1,
    );
  });

  it('reverts at once when the pool is empty', async () => {
    const { alice, bob, publicClient, testClient } = chain();
    const before = await publicClient.getBalance({ address: bob.account.address });
    const snapshot = await testClient.snapshot();
    await send(chain(), alice.sendTransaction({ to: bob.account.address, value: parseEther('1') }));
    await revertSnapshot(testClient, snapshot);
    expect(await publicClient.getBalance({ address: bob.account.address })).toBe(before);
  });
});
