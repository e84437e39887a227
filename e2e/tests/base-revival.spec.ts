import { fileURLToPath } from 'node:url';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { ensureAlive, lastPaymentBuilderCodes, lifeLeftSeconds, runOutBattery } from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { answerWallet, screenshots, setWalletBundleMode } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { askDeadTwin, FRESH_BATTERY, oneTap, signed, textsAfter } from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { stack, users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';
import { fundForOneBattery, openAsBaseAppOwner, openPlainBrowser, signInOnTwinPage } from '../support/web-mode.ts';

/** The Base App's in-app browser names itself in its user agent; the plain-browser tab plays it. */
const BASE_APP_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 BaseApp/1.0';
test.use({ userAgent: BASE_APP_USER_AGENT });

/** Where the manifest's screenshots live: files the mini-app's build serves as they are. */
const SCREENSHOTS_DIR = fileURLToPath(new URL('../../apps/miniapp/public/screenshots/', import.meta.url));

/** The builder code the local stack marks its transactions with (the server's local default). */
const LOCAL_BUILDER_CODE = 'fartwin_local';
const SEVEN_DAYS = 7 * 86_400;

// After base-notifications.spec (whose owner's Base inbox starts empty): this journey leaves a notice
// there. The Base App opens every app as a standard web page: SIWE sign-in, the user's Base Account as the
// wallet (atomic batches: wallet_getCapabilities), notices by wallet address through Base's
// Notifications API, Base's own pages for profiles and tokens, and the app's builder code on its
// transactions.
test('in the Base App: sign in, the death notice in the Base inbox, a one-signature revival with the builder code, Base links', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = users.revivalOwner;
  await fundForOneBattery(localUserAccount(owner).address);
  // The Base App user saved the app with notifications on.
  const { twin, username, base, enabled } = await openAsBaseAppOwner(page, owner);
  const shot = screenshots(page, testInfo);
  // A Base Account sends calls atomically; the app reads it when it opens, so the switch goes first.
  await setWalletBundleMode(page, 'atomic');

  // Sign in with the wallet (SIWE), on the page itself: no redirect.
  const { tab, app } = await openPlainBrowser(page, { path: agentPath(twin.agentId) });
  const tabShot = screenshots(tab, testInfo);
  await signInOnTwinPage(page, tab, username);
  expect(new URL(tab.url()).pathname).toBe(agentPath(twin.agentId));

  // The twin's profile and token open Base's pages, not the Farcaster SDK's actions.
  await expect(tab.getByTestId('twin-profile')).toHaveAttribute(
    'href',
    `https://base.app/profile/${twin.agentWallet.walletAddress}`,
  );
  await expect(tab.getByRole('link', { name: `View the $${twin.token.symbol} token` })).toHaveAttribute(
    'href',
    `https://base.app/coin/base-mainnet/${twin.token.address}`,
  );
  await tabShot('base-app-twin');

  // The battery runs out: the owner's notice arrives in the Base inbox, not as a Farcaster notification.
  const deaths = base.locator('li').filter({ hasText: 'Your twin is dead' });
  const deathsBefore = await deaths.count();
  const farcasterDeaths = page.getByTestId('inbox').locator(`li[data-notification-id^="dead:${twin.agentId}:"]`);
  const farcasterBefore = await farcasterDeaths.count();
  await runOutBattery(page, twin.agentId);
  await expect(deaths).toHaveCount(deathsBefore + 1, { timeout: 60_000 });
  await expect(deaths.first()).toContainText(`@${twin.farcasterClient.username}`);
  await shot('base-death-notice');
  await expect(farcasterDeaths).toHaveCount(farcasterBefore);

  // The revival: one tap, one signature in the wallet, though the wallet could sign a gas-free one.
  await tab.reload();
  const helper = await askDeadTwin(app, 'are you there, in the Base App?', /^Revive for 1 USDC$/);
  await expect(helper.getByRole('button', { name: signed.reviveButton })).toHaveCount(0);
  await helper.getByRole('button', { name: oneTap.reviveButton }).click();
  await answerWallet(page, 'Confirm', oneTap.walletAsks);
  await expect(textsAfter(helper)).toHaveText([oneTap.submitted, spec.transactionConfirmed, spec.batteryInstalled]);
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  // Its transaction carries the app's builder code (ERC-8021), read back from the chain.
  expect(await lastPaymentBuilderCodes(twin.agentId)).toEqual([LOCAL_BUILDER_CODE]);
  await tabShot('base-app-revived');
  await tab.close();

  // Left as found for the journeys after this one: the Base App without the app saved, the wallet
  // without bundles.
  await enabled.click();
  await expect(enabled).not.toBeChecked();
  await setWalletBundleMode(page, 'unsupported');
});

// Base's featured checklist asks for 3 portrait screenshots of 1284×2778: a phone of 428×926 points
// at 3 pixels a point, in the Base App, on the app's real screens. The manifest lists these files.
test('screenshots of the real screens for the manifest, 1284×2778', async ({ browser }) => {
  const twin = await twinOf(users.revivalOwner);
  await ensureAlive(twin.agentId);
  const context = await browser.newContext({
    viewport: { width: 428, height: 926 },
    deviceScaleFactor: 3,
    userAgent: BASE_APP_USER_AGENT,
    baseURL: stack.serverUrl,
  });
  const phone = await context.newPage();
  const save = async (page: Page, name: string) => {
    const path = `${SCREENSHOTS_DIR}${name}.png`;
    await page.screenshot({ path, animations: 'disabled' });
  };

  await phone.goto('/');
  await expect(phone.getByRole('heading', { name: 'Meet your Fartwin' })).toBeVisible();
  await save(phone, 'home');

  await phone.goto('/agents');
  await expect(phone.getByRole('main').getByRole('link').filter({ hasText: /h ago/ }).first()).toBeVisible();
  await save(phone, 'twins');

  await phone.goto(agentPath(twin.agentId));
  await expect(phone.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
  await expect(chatScreen(phone.locator(':root') as unknown as FrameLocator).countdown).toHaveText(
    /^\d\d:\d\d:\d\d:\d\d$/,
  );
  await save(phone, 'twin');
  await context.close();
});
