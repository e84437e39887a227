import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { USDC_DECIMALS } from '@fartwin/protocol';
import { expect, test } from '@playwright/test';
import { formatUnits } from 'viem';
import { ensureAlive, ethBalance, lastPayer, lifeLeftSeconds, runOutBattery, usdcBalance } from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { answerWallet, openAppAt, openAs, screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { askDeadTwin, FRESH_BATTERY, textsAfter } from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

const SEVEN_DAYS = 7 * 86_400;
const ONE_USDC = 1_000_000n;

/** The signed revival's texts (issue 26; not in SPEC.md), copied letter by letter from the app. */
const signed = {
  reviveButton: 'Revive for 1 USDC, no gas',
  submitted:
    /^Signature received: Fartwin sends your 1 USDC battery pack and pays the gas\. The hash is 0x[0-9a-f]{64}\.\.\. Wait a while for confirmation\.\.\.$/,
  /** The wallet sheet's prompt: the USDC the signature allows, to the life contract, without gas. */
  walletAsks: /Signature request.*Allow 1 USDC to 0x[0-9a-fA-F]{40}, no gas \(ReceiveWithAuthorization\)/,
} as const;

test('revival with only USDC: a wallet without ETH revives a dead twin in one signature', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const payer = users.usdcOnlyPayer;
  const twin = await twinOf(users.revivalOwner);
  await ensureAlive(twin.agentId);
  await openAs(page, payer);
  await runOutBattery(page, twin.agentId);
  // The dev host's wallet panel takes the wallet's ETH away: USDC only.
  await page.getByTestId('wallet-usdc-only').click();
  await expect(page.getByTestId('wallet-eth')).toHaveText('0.000');
  expect(await ethBalance(payer)).toBe(0n);
  const app = await openAppAt(page, agentPath(twin.agentId));
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
