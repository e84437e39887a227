import { copyFile, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import {
  ensureLifeLeft,
  lastPayer,
  lastPaymentBuilderCodes,
  lifeLeftSeconds,
  runOutBattery,
} from '../support/chain.ts';
import { chatScreen } from '../support/chat.ts';
import { answerWallet, openAs, screenshots, setWalletBundleMode } from '../support/devhost.ts';
import { agentPath, answerTwinQuestions } from '../support/journeys.ts';
import { askDeadTwin, FRESH_BATTERY, oneTap, signed, textsAfter } from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { stack, users } from '../support/stack.ts';
import { agentsOf, twinOf } from '../support/twins.ts';
import { fundForOneBattery, openPlainBrowser, usernameOf } from '../support/web-mode.ts';

/** The Base App's in-app browser names itself in its user agent; the plain-browser tab plays it. */
const BASE_APP_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 BaseApp/1.0';
test.use({ userAgent: BASE_APP_USER_AGENT });

/** Where the manifest's screenshots live: files the mini-app's build serves as they are. */
const SCREENSHOTS_DIR = fileURLToPath(new URL('../../apps/miniapp/public/screenshots/', import.meta.url));

/** The builder code the local stack marks its transactions with (the server's local default). */
const LOCAL_BUILDER_CODE = 'fartwin_local';
const SEVEN_DAYS = 7 * 86_400;

// The Base App opens every app as a standard web page: SIWE sign-in, the user's Base Account as the
// wallet (atomic batches: wallet_getCapabilities), notices by wallet address through Base's
// Notifications API, Base's own pages for profiles and tokens, and the app's builder code on its
// transactions. A newcomer does it all there, from signing in to reviving the twin they deployed.
test('in the Base App: sign in, deploy, the death notice in the Base inbox, a one-signature revival with the builder code, Base links', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const owner = users.baseAppOwner;
  const { agents, characteristics = [] } = await agentsOf(owner);
  expect(agents, `fid ${owner} starts without a twin`).toEqual([]);
  const address = localUserAccount(owner).address;
  await fundForOneBattery(address);
  const username = await usernameOf(owner);
  await openAs(page, owner);
  // This sample user's wallet starts on Ethereum: the dev host's own frame asks to switch to Base.
  await answerWallet(page, 'Confirm', 'to chain 8453');
  await expect(page.getByTestId('wallet-chain')).toHaveText('Base (8453)');
  const shot = screenshots(page, testInfo);
  // The Base App user saved the app with notifications on; the dev host's box follows Base's answer.
  const base = page.getByTestId('base-notifications');
  await expect(base).toHaveAttribute('data-address', new RegExp(`^${address}$`, 'i'));
  const enabled = base.getByTestId('base-notifications-enabled');
  await enabled.click();
  await expect(enabled).toBeChecked();
  await expect(base).toContainText('No Base notifications yet.');
  // A Base Account sends calls atomically; the app reads it when it opens, so the switch goes first.
  await setWalletBundleMode(page, 'atomic');

  // Sign in with the wallet (SIWE) on the app's home: no redirect, then the questions of a new twin.
  const { tab, app } = await openPlainBrowser(page);
  const tabShot = screenshots(tab, testInfo);
  await tab.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await answerWallet(page, 'Confirm', /Sign in to Fartwin with your Farcaster account/);
  await expect(tab.getByRole('navigation').getByText(`@${username}`, { exact: true })).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe('/');

  // Deploy: the questions, then Deploy, every step done.
  const chat = chatScreen(app);
  await expect(chat.from('ajax').nth(1)).toHaveText(spec.noTwinYet);
  await answerTwinQuestions(app, characteristics);
  await app.getByRole('button', { name: spec.deploy, exact: true }).click();
  const steps = app.getByRole('list', { name: 'Deployment steps' }).getByRole('listitem');
  await expect(steps).toHaveCount(6, { timeout: 60_000 });
  for (const step of await steps.all()) await expect(step).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const twin = await twinOf(owner);
  await expect(chat.from('ajax').last()).toContainText(`@${twin.farcasterClient.username}`);
  await tabShot('base-app-deployed');

  // The twin's page: its profile and token open Base's pages, not the Farcaster SDK's actions.
  await tab.goto(new URL(agentPath(twin.agentId), tab.url()).href);
  await expect(tab.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
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
  await runOutBattery(page, twin.agentId);
  const deaths = base.locator('li').filter({ hasText: 'Your twin is dead' });
  // The jump kills the other journeys' twins too, and Base's API takes 20 requests a minute: the
  // notices of owners signed in by wallet earlier may go out first.
  await expect(deaths).toHaveCount(1, { timeout: 180_000 });
  await expect(deaths).toContainText(`@${twin.farcasterClient.username}`);
  await expect(deaths).toHaveAttribute('data-target-path', /^\/\?notice=dead/);
  await shot('base-death-notice');
  await expect(page.getByTestId('inbox').locator(`li[data-notification-id^="dead:${twin.agentId}:"]`)).toHaveCount(0);

  // The revival: one tap, one signature in the wallet, though the wallet could sign a gas-free one.
  await tab.reload();
  const helper = await askDeadTwin(app, 'are you there, in the Base App?', /^Revive for 1 USDC$/);
  await expect(helper.getByRole('button', { name: signed.reviveButton })).toHaveCount(0);
  await helper.getByRole('button', { name: oneTap.reviveButton }).click();
  await answerWallet(page, 'Confirm', oneTap.walletAsks);
  await expect(textsAfter(helper)).toHaveText([oneTap.submitted, spec.transactionConfirmed, spec.batteryInstalled]);
  await expect(chat.countdown).toHaveText(FRESH_BATTERY);
  expect(await lifeLeftSeconds(twin.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  // Paid by the owner's Base Account, and the transaction's calldata ends with the app's builder code
  // (ERC-8021), read back from the chain.
  expect((await lastPayer(twin.agentId)).toLowerCase()).toBe(address.toLowerCase());
  expect(await lastPaymentBuilderCodes(twin.agentId)).toEqual([LOCAL_BUILDER_CODE]);
  await tabShot('base-app-revived');
  await tab.close();

  // Left as found for the journeys after this one: the wallet without bundles.
  await setWalletBundleMode(page, 'unsupported');
});

/** A PNG's width and height, from its header chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

// Base's featured checklist asks for 3 portrait screenshots of 1284×2778: a phone of 428×926 points
// at 3 pixels a point, in the Base App, on the app's real screens. The manifest lists these files:
// the journey takes them into its own output, and with UPDATE_SCREENSHOTS=1 over the committed ones.
test('screenshots of the real screens for the manifest, 1284×2778', async ({ browser }, testInfo) => {
  const twin = await twinOf(users.revivalOwner);
  await ensureLifeLeft(twin.agentId);
  const context = await browser.newContext({
    viewport: { width: 428, height: 926 },
    deviceScaleFactor: 3,
    userAgent: BASE_APP_USER_AGENT,
    baseURL: stack.serverUrl,
  });
  const phone = await context.newPage();
  const save = async (page: Page, name: string) => {
    const path = testInfo.outputPath(`${name}.png`);
    await page.screenshot({ path, animations: 'disabled' });
    expect(pngSize(await readFile(path))).toEqual({ width: 1284, height: 2778 });
    const committed = `${SCREENSHOTS_DIR}${name}.png`;
    if (process.env.UPDATE_SCREENSHOTS === '1') await copyFile(path, committed);
    expect(pngSize(await readFile(committed))).toEqual({ width: 1284, height: 2778 });
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
