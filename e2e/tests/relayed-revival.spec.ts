import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { expect, type Page, test } from '@playwright/test';
import { formatUnits } from 'viem';
import {
  ensureLifeLeft,
  ethBalance,
  lastPayer,
  lifeLeftSeconds,
  runOutBattery,
  usdcBalance,
} from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { answerWallet, openAppAt, openAs, screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { askDeadTwin, FRESH_BATTERY, signed, textsAfter } from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

const SEVEN_DAYS = 7 * 86_400;
const ONE_USDC = 1_000_000n;

/**
 * The revival owner's twin run out, opened on its /agent page by `payer` after `prepareWallet` (done
 * in the dev host before the app opens).
 */
async function openDeadTwinAs(page: Page, payer: number, prepareWallet?: () => Promise<void>) {
  const twin = await twinOf(users.revivalOwner);
  await ensureLifeLeft(twin.agentId);
  await openAs(page, payer);
  await runOutBattery(page, twin.agentId);
  await prepareWallet?.();
  const app = await openAppAt(page, agentPath(twin.agentId));
  return { twin, app };
}

test('revival with only USDC: a wallet without ETH revives a dead twin in one signature', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const payer = users.usdcOnlyPayer;
  const { twin, app } = await openDeadTwinAs(page, payer, async () => {
    // The dev host's wallet panel takes the wallet's ETH away: USDC only.
    await page.getByTestId('wallet-usdc-only').click();
    await expect(page.getByTestId('wallet-eth')).toHaveText('0.000');
    expect(await ethBalance(payer)).toBe(0n);
  });
  const balanceBefore = await usdcBalance(payer);

  const helper = await askDeadTwin(app, 'can a signature bring you back?', /no gas/i);
  await expect(helper.getByRole('button')).toHaveText(signed.reviveButton);
  await shot('signed-revival-offered');
  await helper.getByRole('button', { name: signed.reviveButton }).click();
  await answerWallet(page, 'Confirm', signed.walletAsks, () => shot('wallet-signature'));

  await expect(textsAfter(helper)).toHaveText([signed.submitted, spec.transactionConfirmed, spec.batteryInstalled]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  await expect(helper.getByRole('button')).toHaveCount(0);
  // One signature: the wallet sent no transaction and still has no ETH; it paid 1 USDC, and the chain
  // names it as the payer.
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  expect(await ethBalance(payer)).toBe(0n);
  expect(await usdcBalance(payer)).toBe(balanceBefore - ONE_USDC);
  expect(await lastPayer(twin.agentId)).toBe(localUserAccount(payer).address);
  await expect(page.getByTestId('wallet-usdc')).toHaveText(formatUnits(balanceBefore - ONE_USDC, USDC_DECIMALS));
  await shot('revived-by-signature');
});

test('a wallet with ETH that signs typed data is offered the signed revival first too, and revives in one signature without spending ETH', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const payer = users.signingPayer;
  const { twin, app } = await openDeadTwinAs(page, payer);
  const [ethBefore, usdcBefore] = await Promise.all([ethBalance(payer), usdcBalance(payer)]);
  expect(ethBefore).toBeGreaterThan(0n);

  // ETH for gas or not, the first way is the signature: not allow-then-buy's Allow, not one-tap.
  const helper = await askDeadTwin(app, 'is one signature enough with ETH too?', /no gas/i);
  await expect(helper.getByRole('button')).toHaveText(signed.reviveButton);
  await shot('signed-revival-offered-with-eth');
  await helper.getByRole('button', { name: signed.reviveButton }).click();
  await answerWallet(page, 'Confirm', signed.walletAsks);

  await expect(textsAfter(helper)).toHaveText([signed.submitted, spec.transactionConfirmed, spec.batteryInstalled]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  // The operator paid the gas: the wallet's ETH is as it was, its USDC 1 less, and it is the payer.
  expect(await ethBalance(payer)).toBe(ethBefore);
  expect(await usdcBalance(payer)).toBe(usdcBefore - ONE_USDC);
  expect(await lastPayer(twin.agentId)).toBe(localUserAccount(payer).address);
  await shot('revived-by-signature-with-eth');
});
