import { expect, test } from '@playwright/test';
import { openLivingTwin } from '../support/journeys.ts';
import { users } from '../support/stack.ts';
import { shownNumber, swapInSheet, tokenBalance } from '../support/token-economy.ts';

/** Trades twins' tokens in these journeys only. */
const trader = 1014;

// Issue 26's journeys: a twin's token trades on the local Uniswap like a Clanker token on Base.

test("buy a twin's token from its page: the swap goes through the pool, the balance and the price move", async ({
  page,
}, testInfo) => {
  const { twin, app, shot } = await openLivingTwin(page, testInfo, {
    owner: users.chatter,
    viewer: trader,
    onAgentPage: true,
  });
  const symbol = twin.token.symbol;
  const heldBefore = await tokenBalance(twin.token.address, trader);

  await app.getByRole('button', { name: `Buy $${symbol}` }).click();
  const swap = page.getByTestId('swap-sheet');
  await expect(swap).toContainText(`Buy: ${symbol}`);
  await expect(swap.getByTestId('swap-price')).toHaveText(/\d/);
  const priceBefore = await shownNumber(swap.getByTestId('swap-price'));
  const shownBefore = await shownNumber(swap.getByTestId('swap-balance'));
  await shot('swap-quoted');

  await swapInSheet(page, '25');
  await shot('swapped');
  // The chain agrees with the sheet: the trader holds more of the token, and 1 USDC now buys less of it.
  const heldAfter = await tokenBalance(twin.token.address, trader);
  expect(heldAfter).toBeGreaterThan(heldBefore);
  await expect.poll(() => shownNumber(swap.getByTestId('swap-balance'))).toBeGreaterThan(shownBefore);
  await expect.poll(() => shownNumber(swap.getByTestId('swap-price'))).toBeLessThan(priceBefore);

  await swap.getByRole('button', { name: 'Close' }).click();
  await expect(swap).toBeHidden();
  // The mini-app was answered with the swap's transactions.
  const answered = page.getByTestId('host-log').locator('li[data-method="swapToken"]');
  await expect(answered).toHaveCount(1);
});
