import { USDC_DECIMALS } from '@fartwin/protocol';
import { expect, type Page, test } from '@playwright/test';
import { formatUnits } from 'viem';
import {
  chainNowSeconds,
  ensureLifeLeft,
  lastPaymentArgs,
  lifeLeftSeconds,
  runOutBattery,
  usdcBalance,
} from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import {
  answerWallet,
  openAppAt,
  openAs,
  screenshots,
  setWalletBundleMode,
  setWalletSignsTypedData,
} from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import {
  askDeadTwin,
  FRESH_BATTERY,
  oneTap,
  signed,
  textsAfter,
  tryUnsupportedSignedRevival,
} from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

const SEVEN_DAYS = 7 * 86_400;
const ONE_USDC = 1_000_000n;

/**
 * Sample users of these journeys only (1001–1020 are the sample users; every fifth one's wallet
 * starts on Ethereum), so no other journey's allowance or conversation is in the way.
 */
const payers = { atomic: 1016, firstCallOnly: 1017, chainUnreachable: 1018 } as const;

/**
 * A payer on the /agent page of the revival owner's twin, its battery run out, with the dev wallet
 * set to answer EIP-5792 this way. An atomic wallet is offered one-tap first; a non-atomic one is
 * made unable to sign typed data, so the signed revival, offered first, gives way to one-tap. The
 * app reads the wallet's capabilities when it opens, so it is opened again (without reloading the
 * dev host) after the switches.
 */
async function openDeadTwinWithBundles(page: Page, payer: number, mode: 'atomic' | 'non-atomic-first-only') {
  const twin = await twinOf(users.revivalOwner);
  await ensureLifeLeft(twin.agentId);
  await openAs(page, payer);
  await runOutBattery(page, twin.agentId);
  await setWalletBundleMode(page, mode);
  await setWalletSignsTypedData(page, mode === 'atomic');
  const app = await openAppAt(page, agentPath(twin.agentId));
  return { twin, app };
}

test('one-tap revival: an atomic EIP-5792 wallet approves and buys in one prompt, and the twin is back', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const { twin, app } = await openDeadTwinWithBundles(page, payers.atomic, 'atomic');
  const balanceBefore = await usdcBalance(payers.atomic);

  // All or nothing in one prompt: one-tap first, though the wallet could sign a gas-free revival.
  const helper = await askDeadTwin(app, 'can one tap bring you back?', /^Revive for 1 USDC$/);
  await expect(helper.getByRole('button', { name: signed.reviveButton })).toHaveCount(0);
  await shot('revive-offered');
  await helper.getByRole('button', { name: oneTap.reviveButton }).click();
  await answerWallet(page, 'Confirm', oneTap.walletAsks, () => shot('wallet-one-prompt'));

  await expect(textsAfter(helper)).toHaveText([oneTap.submitted, spec.transactionConfirmed, spec.batteryInstalled]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  // The revival used its button up: nothing left to click.
  await expect(helper.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('wallet-sheet')).toBeHidden();
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  expect(await usdcBalance(payers.atomic)).toBe(balanceBefore - ONE_USDC);
  await expect(page.getByTestId('wallet-usdc')).toHaveText(formatUnits(balanceBefore - ONE_USDC, USDC_DECIMALS));
  // The bundle's extendLife carried the payer's quoted minimum and a deadline.
  const [, , minA0xOut, deadline] = await lastPaymentArgs(twin.agentId);
  expect(minA0xOut).toBeGreaterThan(0n);
  expect(Number(deadline)).toBeGreaterThan(await chainNowSeconds());
  await shot('revived-in-one-tap');
});

test('one-tap revival with a non-atomic wallet where only the approval lands: the user finishes with Buy', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const { twin, app } = await openDeadTwinWithBundles(page, payers.firstCallOnly, 'non-atomic-first-only');
  const balanceBefore = await usdcBalance(payers.firstCallOnly);

  const helper = await askDeadTwin(app, 'half a revival?', /no gas/i);
  await tryUnsupportedSignedRevival(page, helper, oneTap.reviveButton);
  await helper.getByRole('button', { name: oneTap.reviveButton }).click();
  await answerWallet(page, 'Confirm', oneTap.walletAsks);

  // Only the approval landed: the chat says so, the twin is still dead, and the second step (Buy) follows.
  const after = textsAfter(helper);
  await expect(after).toHaveText([signed.unsupported, oneTap.submitted, oneTap.onlyApproved, spec.usdcApproved]);
  await expect(chatScreen(app).countdown).toHaveText(spec.deadCountdown);
  expect(await usdcBalance(payers.firstCallOnly)).toBe(balanceBefore);
  await shot('only-approved');

  await chatScreen(app).messageSaying(spec.usdcApproved).getByRole('button', { name: /buy/i }).click();
  // Buy is a plain transaction: one prompt, extendLife alone.
  await answerWallet(page, 'Confirm', /Buy a battery/);
  await expect(after).toHaveText([
    signed.unsupported,
    oneTap.submitted,
    oneTap.onlyApproved,
    spec.usdcApproved,
    spec.transactionSubmitted,
    spec.transactionConfirmed,
    spec.batteryInstalled,
  ]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  expect(await usdcBalance(payers.firstCallOnly)).toBe(balanceBefore - ONE_USDC);
  await shot('finished-with-buy');
});

test('the chain unreachable for the app: the battery reads as unknown with a sentence, not dead, and no payment is offered', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.revivalOwner);
  await ensureLifeLeft(twin.agentId);
  // The bot service's index sees the battery run out (it reads the chain).
  await openAs(page, payers.chainUnreachable);
  await runOutBattery(page, twin.agentId);

  // The device's clock agrees with the chain's, as on Base (the local chain was moved forward): the
  // app's only way to learn the chain's time is the chain, which it is about to lose.
  await page.clock.setSystemTime((await chainNowSeconds()) * 1_000);
  // Every JSON-RPC request the mini-app's frame makes fails as an unreachable RPC would; the dev host
  // (the wallet, the bot service) still reaches the chain.
  await page.route('**/*', (route) => {
    const request = route.request();
    const fromApp = request.frame().parentFrame() !== null;
    if (fromApp && request.method() === 'POST' && request.postData()?.includes('"jsonrpc"')) return route.abort();
    return route.fallback();
  });
  const app = await openAppAt(page, agentPath(twin.agentId));
  const chat = chatScreen(app);

  await expect(app.getByRole('status', { name: 'Battery unknown' })).toBeVisible();
  await expect(app.getByText("The battery can't be read right now; it will be checked again.")).toBeVisible();
  await expect(chat.countdown).toHaveText('--:--:--:--');
  await expect(app.getByRole('meter', { name: 'Battery' })).toHaveCount(0);
  await shot('battery-unknown');

  // Not dead for the app: a message goes to the bot service (whose own answer may well be that the
  // twin is dead), not to the helper's battery reply; and while the app cannot read the chain it
  // offers no payment, which would need the chain.
  await chat.send('can you hear me?');
  const reply = chat.replyTo('can you hear me?');
  await expect(reply).toHaveAttribute('data-sender', 'agent');
  await expect(reply.locator('.message__text')).not.toBeEmpty();
  await expect(chat.from('ajax').filter({ hasText: /battery ran out/ })).toHaveCount(0);
  // The battery's payment buttons (Allow…, Buy battery pack…, Revive for…), not the header's "Buy $TOKEN".
  await expect(app.getByRole('button', { name: /^(allow\b|buy battery|revive for)/i })).toHaveCount(0);
  await shot('no-payment-offered');
});
