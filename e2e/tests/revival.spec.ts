import { USDC_DECIMALS } from '@fartwin/protocol';
import { expect, test } from '@playwright/test';
import { formatUnits } from 'viem';
import { chainNowSeconds, lastPaymentArgs, lifeLeftSeconds, runOutBattery, usdcBalance } from '../support/chain.ts';
import { sendAndWatchReply } from '../support/chat.ts';
import { setWalletSignsTypedData } from '../support/devhost.ts';
import { openLivingTwin } from '../support/journeys.ts';
import { askDeadTwin, reviveFromHelperMessage, signed, tryUnsupportedSignedRevival } from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';

const SEVEN_DAYS = 7 * 86_400;

// Time travel moves the one chain's clock for every twin. These journeys never assume another's
// state: each runs its own twin's battery out first, and journeys that need a living twin feed it.
// Allow-then-buy is the way of a wallet that cannot sign typed data (the dev wallet's
// switch): the signed revival, offered first, is answered 4200 and the helper's button turns to Allow.
test('the battery runs out on the chain; the owner allows USDC, buys a battery and the twin is back', async ({
  page,
}, testInfo) => {
  const { twin, app, chat, shot } = await openLivingTwin(page, testInfo, { owner: users.revivalOwner });
  await setWalletSignsTypedData(page, false);
  await shot('alive');

  await runOutBattery(page, twin.agentId);
  await expect(chat.countdown).toHaveText(spec.deadCountdown);
  await expect(app.getByRole('meter', { name: 'Battery' })).toHaveAttribute('aria-valuenow', '0');
  await shot('battery-empty');

  const helper = await askDeadTwin(app, 'are you still there?', /no gas/i);
  await shot('helper-speaks');
  await tryUnsupportedSignedRevival(page, helper);
  await reviveFromHelperMessage(page, app, helper, shot, [signed.unsupported]);
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  // The app quoted the swap: extendLife carried the payer's own minimum and a deadline.
  const [agentId, usdcAmount, minA0xOut, deadline] = await lastPaymentArgs(twin.agentId);
  expect({ agentId, usdcAmount }).toEqual({ agentId: twin.agentId, usdcAmount: 1_000_000n });
  expect(minA0xOut).toBeGreaterThan(0n);
  expect(Number(deadline)).toBeGreaterThan(await chainNowSeconds());
  expect(await app.locator('body').evaluate(() => localStorage.getItem('alreadyHadTheFreeBattery'))).not.toBeNull();

  // Back online: it answers again.
  await sendAndWatchReply(app, 'welcome back!', { shot });
});

test("a second user pays for the first user's twin from its /agent page", async ({ page }, testInfo) => {
  const payer = users.revivalPayer;
  const { twin, app, shot } = await openLivingTwin(page, testInfo, {
    owner: users.revivalOwner,
    viewer: payer,
    onAgentPage: true,
  });
  await setWalletSignsTypedData(page, false);
  await runOutBattery(page, twin.agentId);
  const balanceBefore = await usdcBalance(payer);

  const helper = await askDeadTwin(app, 'can I help you?', /no gas/i);
  await shot('helper-speaks');
  await tryUnsupportedSignedRevival(page, helper);
  await reviveFromHelperMessage(page, app, helper, shot, [signed.unsupported]);

  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  expect(await usdcBalance(payer)).toBe(balanceBefore - 1_000_000n);
  await expect(page.getByTestId('wallet-usdc')).toHaveText(formatUnits(balanceBefore - 1_000_000n, USDC_DECIMALS));
  await shot('paid-by-another-user');
});
