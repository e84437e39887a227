import { expect, type Page, test } from '@playwright/test';
import { runOutBattery } from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { answerWallet, openAs, screenshots, setWalletSignsTypedData } from '../support/devhost.ts';
import { askDeadTwin, FRESH_BATTERY, textsAfter, tryUnsupportedSignedRevival } from '../support/revival.ts';
import { spec, walletErrors } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

const failureMode = (page: Page) => page.getByTestId('wallet-failure-mode');

test('wallet rejections and every provider error show their texts by code, then the revival goes through', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const fid = users.walletErrors;
  const twin = await twinOf(fid);
  const shot = screenshots(page, testInfo);

  const app = await openAs(page, fid);
  // A wallet that cannot sign typed data: past the signed revival (4200, a plain note), allow-then-buy.
  await setWalletSignsTypedData(page, false);
  await runOutBattery(page, twin.agentId);
  const helper = await askDeadTwin(app, 'wake up', /no gas/i);
  await tryUnsupportedSignedRevival(page, helper);
  // Its one button: "Allow…" now, then the state of the approval.
  const allow = helper.getByRole('button');
  const after = textsAfter(helper);
  const lastText = after.last();
  /** Runs `act` and expects one new message after the helper's, with this text. */
  const expectNewMessage = async (act: () => Promise<void>, text: string) => {
    const count = await after.count();
    await act();
    await expect(after).toHaveCount(count + 1);
    await expect(lastText).toHaveText(text);
  };

  // Rejecting the approval in the wallet sheet.
  await expectNewMessage(async () => {
    await allow.click();
    await answerWallet(page, 'Reject', 'Approve 1 USDC');
  }, spec.approveError(walletErrors[4001]));
  await expect(allow).toHaveText(spec.buttonError(walletErrors[4001]));
  await expect(allow).toBeEnabled();
  await shot('approve-rejected');

  // The wallet answering with each error code: no sheet, the app says which error.
  for (const [code, text] of Object.entries(walletErrors)) {
    await failureMode(page).selectOption(code);
    await expectNewMessage(() => allow.click(), spec.approveError(text));
    await expect(allow).toHaveText(spec.buttonError(text));
    await expect(page.getByTestId('wallet-sheet')).toBeHidden();
    if (code === '-32603') await shot('approve-internal-error');
  }

  // Approved, then the purchase rejected and failing, then bought.
  await failureMode(page).selectOption('none');
  await allow.click();
  await answerWallet(page, 'Confirm', 'Approve 1 USDC');
  await expect(lastText).toHaveText(spec.usdcApproved);
  const buy = chatScreen(app).messageSaying(spec.usdcApproved).getByRole('button', { name: /buy/i });

  await expectNewMessage(async () => {
    await buy.click();
    await answerWallet(page, 'Reject', /Buy a battery/);
  }, spec.purchaseError(walletErrors[4001]));
  await shot('purchase-rejected');

  await failureMode(page).selectOption('4900');
  await expectNewMessage(() => buy.click(), spec.purchaseError(walletErrors[4900]));

  await failureMode(page).selectOption('none');
  await buy.click();
  await answerWallet(page, 'Confirm', /Buy a battery/);
  await expect(lastText).toHaveText(spec.batteryInstalled);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  await shot('revived-after-errors');
});

test('a wallet on another chain: rejecting the switch to Base fails the start-up, confirming it connects', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const fid = users.otherChain;

  await openAs(page, fid);
  await answerWallet(page, 'Reject', 'to chain 8453', () => shot('switch-network'));
  const app = page.frameLocator('iframe');
  await expect(app.getByRole('alert')).toHaveText(spec.frameInitError);
  await shot('switch-rejected');

  await openAs(page, fid);
  await answerWallet(page, 'Confirm', 'to chain 8453');
  await expect(page.getByTestId('wallet-chain')).toHaveText('Base (8453)');
  const connected = page.frameLocator('iframe');
  await expect(connected.locator('li[data-sender="ajax"]').first()).toHaveText(spec.sup);
  await expect(connected.getByRole('alert')).toHaveCount(0);
  await shot('switch-confirmed');
});
