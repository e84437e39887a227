import { expect, test } from '@playwright/test';
import { advanceUntilLeft, lifeLeftSeconds } from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { openAs } from '../support/devhost.ts';
import { agentPath, openLivingTwin } from '../support/journeys.ts';
import { users } from '../support/stack.ts';
import { batteriesPaidBy, shownNumber, swapInSheet, tokenBalance } from '../support/token-economy.ts';

const trader = users.tokenTrader;

// The token economy's journeys: a twin's token trades on the local Uniswap like a Clanker token on Base.

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

test('trading earns the twin enough fees; near the end of its battery it buys its own, and its page and the chain agree', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // Two days of battery at the start: a twin already near its last day would be due while the person
  // trades, and the keeper would buy its battery before the journey moves the clock (and, that chain
  // day's battery bought and its fees spent, none when the clock brings it near the end again).
  const { twin, app, shot } = await openLivingTwin(page, testInfo, {
    owner: users.chatter,
    viewer: trader,
    onAgentPage: true,
    lifeLeft: 2 * 86_400,
  });
  const economy = app.getByTestId('twin-economy');
  await expect(economy).toBeVisible();
  const boughtBefore = Number(await economy.getByTestId('batteries-bought').textContent());
  const batteriesBefore = (await batteriesPaidBy(twin.agentWallet.walletAddress as `0x${string}`)).length;

  // Enough volume that 1 % of it covers a battery and the twin's gas, and that the rate since launch
  // (the runway) covers one within a battery's life however far other journeys moved the clock.
  await app.getByRole('button', { name: `Buy $${twin.token.symbol}` }).click();
  await swapInSheet(page, '3000');
  await page.getByTestId('swap-sheet').getByRole('button', { name: 'Close' }).click();
  // The page reads the economy again right after the person's swap and every 15 s: the fees may
  // land after that first read, so the wait spans a poll.
  await expect(economy.getByTestId('runway')).toHaveText(
    /^pays its own battery at the current volume: about every \d+ days$/,
    { timeout: 45_000 },
  );
  await shot('fees-cover-a-battery');

  // Near the end of its battery (less than a day left), the keeper buys one from the twin's wallet.
  // (Stopping there if the keeper is quicker than the clock: a battery it bought on the way must not
  // be run through.)
  await advanceUntilLeft(page, twin.agentId, 12 * 3600, { untilExtended: true });
  await expect.poll(() => lifeLeftSeconds(twin.agentId), { timeout: 60_000 }).toBeGreaterThan(6 * 86_400);
  const bought = await batteriesPaidBy(twin.agentWallet.walletAddress as `0x${string}`);
  expect(bought).toHaveLength(batteriesBefore + 1);
  await expect(economy.getByTestId('batteries-bought')).toHaveText(String(boughtBefore + 1), { timeout: 20_000 });
  // Opened again, the twin's page counts down from the new battery, as the chain has it.
  const reopened = await openAs(page, trader, agentPath(twin.agentId));
  await expect(chatScreen(reopened).countdown).toHaveText(/^0[67]:\d\d:\d\d:\d\d$/);
  await shot('twin-bought-its-own-battery');
});
