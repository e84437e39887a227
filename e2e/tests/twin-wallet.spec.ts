import { expect, test } from '@playwright/test';
import { ethBalance, fundTwinWallet, payBatteryAs, usdcBalance, usdcBalanceOf } from '../support/chain.ts';
import { openAppAt, openAs, screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { users } from '../support/stack.ts';
import { addAppWithNotifications, castsBy, castsSaying } from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

/** Revives the wallet journey's twin: a sample user no other journey uses. */
const reviver = 1015;
const USDC = 1_000_000n;

// Through the dev host: the owner's wallet view and a withdrawal to their
// own address; someone else's revival reaches the owner as a notification and the feed as one thanks.
test("the owner withdraws the twin's USDC and ETH to their own address; a stranger revives the twin: the owner is told, the twin thanks them once, its page lists them", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = users.walletErrors;
  const twin = await twinOf(owner);
  const twinWallet = twin.agentWallet.walletAddress as `0x${string}`;
  await fundTwinWallet(twinWallet, 5n * USDC);
  const shot = screenshots(page, testInfo);

  // The wallet: balances, then a withdrawal that waits for a confirmation.
  const ownerBefore = await usdcBalance(owner);
  const twinBefore = await usdcBalanceOf(twinWallet);
  const app = await openAs(page, owner, '/you/wallet');
  await expect(app.getByTestId('balance-usdc')).toHaveText(String(Number(twinBefore) / 1e6));
  await app.getByLabel('Amount (USDC)').fill('2');
  await app.getByRole('button', { name: 'Review' }).click();
  await expect(app.getByRole('dialog')).toContainText("Send 2 USDC from your twin's wallet to 0x");
  await shot('confirm-withdrawal');
  await app.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(app.getByText('Withdrawn: 2 USDC.')).toBeVisible({ timeout: 30_000 });
  await expect(app.getByRole('listitem').filter({ hasText: 'Withdrawal: 2 USDC' })).toContainText('confirmed');
  await shot('withdrawn');
  expect(await usdcBalance(owner)).toBe(ownerBefore + 2n * USDC);
  expect(await usdcBalanceOf(twinWallet)).toBe(twinBefore - 2n * USDC);

  // ETH too: chosen, confirmed, and the owner gets exactly the amount (the twin pays the gas).
  const ownerEthBefore = await ethBalance(owner);
  await app.getByRole('radio', { name: 'ETH' }).check();
  await app.getByLabel('Amount (ETH)').fill('0.01');
  await app.getByRole('button', { name: 'Review' }).click();
  await expect(app.getByRole('dialog')).toContainText("Send 0.01 ETH from your twin's wallet to 0x");
  await app.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(app.getByText('Withdrawn: 0.01 ETH.')).toBeVisible({ timeout: 30_000 });
  await expect(app.getByRole('listitem').filter({ hasText: 'Withdrawal: 0.01 ETH' })).toContainText('confirmed');
  await shot('withdrawn-eth');
  expect(await ethBalance(owner)).toBe(ownerEthBefore + 10n ** 16n);

  // Someone else revives the twin: the owner (notifications on) is told once, the twin thanks them once.
  await addAppWithNotifications(page);
  const paid = await payBatteryAs(reviver, twin.agentId);
  // This revival's notice (other journeys' helpers pay batteries too, and are thanked for them).
  const notice = page.getByTestId('inbox').locator(`li[data-notification-id^="revival:${paid}"]`);
  await expect(notice).toHaveCount(1, { timeout: 60_000 });
  await expect(notice).toContainText('Your twin was revived');
  await expect(notice).toContainText(`revived your twin @${twin.farcasterClient.username}`);
  const reviverName = /^(@\S+) revived your twin/.exec((await notice.locator('span').first().textContent()) ?? '')?.[1];
  const thanks = castsBy(
    castsSaying(page, `Thank you ${reviverName} for reviving me! 7 more days of battery, and I am back online.`),
    twin.farcasterClient.username,
  );
  await expect(thanks).toHaveCount(1, { timeout: 60_000 });
  await shot('notified-and-thanked');

  // The twin's page lists the reviver; the owner sees the way to the wallet there.
  const twinPage = await openAppAt(page, agentPath(twin.agentId));
  await expect(twinPage.getByTestId('revived-by')).toContainText(reviverName!);
  await expect(twinPage.getByRole('link', { name: "Your twin's wallet" })).toBeVisible();
  await shot('revived-by');
  await expect(notice).toHaveCount(1);
  await expect(thanks).toHaveCount(1);
});
