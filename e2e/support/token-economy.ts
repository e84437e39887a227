import { erc20Abi, fartwinLifeAbi } from '@fartwin/contracts';
import { createLocalClients, readDeployment } from '@fartwin/contracts/deployment';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { expect, type Locator, type Page } from '@playwright/test';
import { answerWallet } from './devhost.ts';
import { stack } from './stack.ts';

/** A user's balance of an ERC-20 on the local chain, in its smallest unit. */
export async function tokenBalance(token: `0x${string}`, fid: number): Promise<bigint> {
  return createLocalClients(stack.rpcUrl).publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [localUserAccount(fid).address],
  });
}

/** The deployment the stack bootstrapped. */
export const deployment = () => readDeployment(stack.deploymentFile);

/** A number the swap sheet shows (grouped thousands, up to 6 decimals). */
export const shownNumber = async (locator: Locator) => Number((await locator.textContent())?.replaceAll(',', ''));

/**
 * In the open swap sheet: sells `amount` of USDC as a person does (type it, wait for the quote,
 * Swap, confirm the approval when the router needs one, then the swap) and waits until it is mined.
 */
export async function swapInSheet(page: Page, amount: string) {
  const swap = page.getByTestId('swap-sheet');
  const done = swap.getByTestId('swap-done');
  const doneBefore = (await done.count()) > 0 ? await done.textContent() : null;
  await swap.getByTestId('swap-amount').fill(amount);
  await expect(swap.getByTestId('swap-quote')).toContainText('You receive about');
  await swap.getByTestId('swap-confirm').click();
  const wallet = page.getByTestId('wallet-sheet');
  await expect(wallet).toBeVisible();
  if ((await wallet.textContent())?.includes('Approve')) {
    // The swap's prompt follows the approval's at once, in the same sheet.
    await wallet.getByRole('button', { name: 'Confirm' }).click();
    await expect(wallet).toContainText(/Swap on Uniswap/);
  }
  await answerWallet(page, 'Confirm', /Swap on Uniswap/);
  await expect(done).toBeVisible();
  if (doneBefore !== null) await expect(done).not.toHaveText(doneBefore);
}

/** The batteries a wallet paid for, from the chain: the life contract's LifePaid events, by their indexed payer. */
export async function batteriesPaidBy(payer: `0x${string}`) {
  return createLocalClients(stack.rpcUrl).publicClient.getContractEvents({
    address: deployment().fartwinLife,
    abi: fartwinLifeAbi,
    eventName: 'LifePaid',
    args: { payer },
    fromBlock: 0n,
  });
}
