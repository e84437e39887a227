import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { chatScreen } from './chat.ts';
import { answerWallet } from './devhost.ts';
import { spec } from './spec-text.ts';

/** The countdown of a fresh 7-day battery, give or take the seconds the journey took. */
export const FRESH_BATTERY = /^(06:23:5\d|07:00:00):\d\d$/;

/** The texts of the messages after `message`, in order. */
export const textsAfter = (message: Locator) =>
  message.locator('xpath=following-sibling::li').locator('.message__text');

/**
 * Messages a dead twin and checks that the helper bot answers instead, with the allow-spending
 * action (its button: "Revive for 1 USDC, no gas" first where the server relays signed revivals,
 * else "Allow…", or "Revive for 1 USDC" with a wallet that sends calls together).
 * Returns the helper's message.
 */
export async function askDeadTwin(app: FrameLocator, text: string, button: RegExp = /allow/i): Promise<Locator> {
  const chat = chatScreen(app);
  await expect(chat.countdown).toHaveText(spec.deadCountdown);
  await chat.send(text);
  const helper = chat.replyTo(text);
  await expect(helper).toHaveAttribute('data-sender', 'ajax');
  // The twin cannot respond, its battery ran out, a new one costs 1 USDC, anyone can pay.
  for (const part of [/battery ran out/, /1 USDC/, /anyone can pay/i]) await expect(helper).toContainText(part);
  await expect(helper.getByRole('button', { name: button })).toBeEnabled();
  return helper;
}

/** The signed revival's texts, copied letter by letter from the app. */
export const signed = {
  reviveButton: 'Revive for 1 USDC, no gas',
  submitted:
    /^Signature received: Fartwin sends your 1 USDC battery pack and pays the gas\. The hash is 0x[0-9a-f]{64}\.\.\. Wait a while for confirmation\.\.\.$/,
  /** The wallet sheet's prompt: the USDC the signature allows, to the life contract, without gas. */
  walletAsks: /Signature request.*Allow 1 USDC to 0x[0-9a-fA-F]{40}, no gas \(ReceiveWithAuthorization\)/,
  /** The plain note when the wallet cannot sign typed data (it answered 4200): no error to act on. */
  unsupported: "This wallet can't sign a gas-free revival, and nothing was paid. Pay from the wallet instead.",
} as const;

/**
 * With the dev wallet set to "cannot sign typed data": the helper's button offers the signed
 * revival first; the wallet answers 4200 with no sheet, the chat adds the one plain note, and the
 * button is at once the next way (`next`: allow-then-buy's Allow…, or one-tap's "Revive for 1 USDC").
 * `after`: the texts after the helper's (the chat's by default; the web visitor's list has its own).
 */
export async function tryUnsupportedSignedRevival(
  page: Page,
  helper: Locator,
  next: string | RegExp = /^Allow/,
  after: Locator = textsAfter(helper),
) {
  const button = helper.getByRole('button');
  await expect(button).toHaveText(signed.reviveButton);
  await button.click();
  await expect(after).toHaveText([signed.unsupported]);
  await expect(button).toHaveText(next);
  await expect(button).toBeEnabled();
  await expect(page.getByTestId('wallet-sheet')).toBeHidden();
}

/**
 * The whole revival from the helper's message: allow 1 USDC in the wallet, buy the battery, and
 * every message of the revival in order, until the countdown shows a fresh battery. `before`: the
 * messages already after the helper's (the note of a signed revival the wallet could not sign).
 */
export async function reviveFromHelperMessage(
  page: Page,
  app: FrameLocator,
  helper: Locator,
  shot: (name: string) => Promise<void>,
  before: readonly string[] = [],
) {
  await helper.getByRole('button', { name: /allow/i }).click();
  await answerWallet(page, 'Confirm', 'Approve 1 USDC', () => shot('wallet-approve'));
  const after = textsAfter(helper);
  await expect(after).toHaveText([...before, spec.transactionSubmitted, spec.usdcApproved]);
  await shot('usdc-approved');

  await chatScreen(app).messageSaying(spec.usdcApproved).getByRole('button', { name: /buy/i }).click();
  await answerWallet(page, 'Confirm', /Buy a battery/, () => shot('wallet-buy'));
  await expect(after).toHaveText([
    ...before,
    spec.transactionSubmitted,
    spec.usdcApproved,
    spec.transactionSubmitted,
    spec.transactionConfirmed,
    spec.batteryInstalled,
  ]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  await shot('battery-installed');
}

/**
 * The one-tap revival's texts, copied letter by letter from the app so a
 * wrong string fails the journey.
 */
export const oneTap = {
  reviveButton: 'Revive for 1 USDC',
  submitted: 'Revival sent: approving 1 USDC and buying a battery pack in one go. Wait a while for confirmation...',
  onlyApproved: 'Only the approval went through; the battery pack was not bought.',
  /** The wallet sheet's one prompt for the bundle: both calls, in order. */
  walletAsks: /Confirm 2 calls.*1\. Approve 1 USDC.*2\. Buy a battery/,
} as const;
