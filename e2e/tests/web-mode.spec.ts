import { apiPaths, walletSignInPaths } from '@fartwin/protocol';
import { expect, test } from '@playwright/test';
import { ensureLifeLeft, lifeLeftSeconds, runOutBattery } from '../support/chain.ts';
import { chatScreen, sendAndWatchReply } from '../support/chat.ts';
import { answerWallet, openAs, screenshots, setWalletSignsTypedData } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import {
  askDeadTwin,
  FRESH_BATTERY,
  reviveFromHelperMessage,
  signed,
  tryUnsupportedSignedRevival,
} from '../support/revival.ts';
import { spec } from '../support/spec-text.ts';
import { stack, users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';
import { fundForOneBattery, noAccountWalletAddress, openPlainBrowser, usernameOf } from '../support/web-mode.ts';

const SEVEN_DAYS = 7 * 86_400;

// Web mode: the mini-app opened outside any Farcaster client (a top-level tab from the
// dev host's "plain browser"), its wallet the dev wallet announced over EIP-6963, set to "cannot sign
// typed data" so the revivals are allow-then-buy after the signed revival's 4200.
test("as a plain web page: browse, open a twin, sign in, chat with one's own twin, revive another's", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = users.walletErrors;
  const own = await twinOf(owner);
  const other = await twinOf(users.revivalOwner);
  await ensureLifeLeft(own.agentId);
  const username = await usernameOf(owner);
  const shot = screenshots(page, testInfo);
  await openAs(page, owner);
  await setWalletSignsTypedData(page, false);

  const { tab, app } = await openPlainBrowser(page);
  const signedIn = tab.getByRole('navigation').getByText(`@${username}`, { exact: true });
  const tabShot = screenshots(tab, testInfo);
  // Not a dead end: a home that works, in words that name no client.
  await expect(tab.getByRole('heading', { name: 'Meet your Fartwin' })).toBeVisible();
  await expect(tab.getByText(/Farcaster client/)).toHaveCount(0);
  await tabShot('web-home');

  // The directory, and a twin's page, readable without signing in.
  await tab.getByRole('link', { name: 'Browse the twins' }).click();
  const cards = tab.getByRole('main').getByRole('link').filter({ hasText: /h ago/ });
  await expect(cards.first()).toBeVisible();
  await tab.locator(`a[href="${agentPath(own.agentId)}"]`).click();
  await expect(tab.locator('.twin-header')).toContainText(`@${own.farcasterClient.username}`);
  const visitor = tab.getByTestId('web-visitor');
  await expect(visitor).toContainText('Sign in with your wallet to chat.');
  await tabShot('twin-signed-out');

  // Sign in: the wallet signs an EIP-4361 message, confirmed in the dev host's wallet sheet.
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await answerWallet(page, 'Confirm', /Sign in to Fartwin with your Farcaster account/, () =>
    shot('sign-in-signature'),
  );
  await expect(signedIn).toBeVisible();
  await expect(visitor).toHaveCount(0);
  await tabShot('signed-in');
  // On a phone's width the bar keeps every tab's whole label beside the account control.
  const desktop = tab.viewportSize();
  await tab.setViewportSize({ width: 390, height: 844 });
  const cutLabels = () =>
    tab
      .locator('.nav-bar__label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((l) => l.textContent),
      );
  expect(await cutLabels()).toEqual([]);
  await expect(tab.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await tabShot('signed-in-phone');
  if (desktop) await tab.setViewportSize(desktop);

  // Chat with one's own twin, as in a client.
  await sendAndWatchReply(app, 'hello from a plain browser');
  // Reloaded, still signed in (the session is kept), and the conversation is there.
  await tab.reload();
  await expect(signedIn).toBeVisible();
  await expect(chatScreen(app).from('user').filter({ hasText: 'hello from a plain browser' })).toHaveCount(1);

  // Someone else's twin runs out; this wallet pays for it.
  await tab.getByRole('navigation').getByRole('link', { name: 'Agents', exact: true }).click();
  await tab.locator(`a[href="${agentPath(other.agentId)}"]`).click();
  await expect(tab.locator('.twin-header')).toContainText(`@${other.farcasterClient.username}`);
  await runOutBattery(page, other.agentId);
  const helper = await askDeadTwin(app, 'wake up, please', /no gas/i);
  await tryUnsupportedSignedRevival(page, helper);
  await reviveFromHelperMessage(page, app, helper, tabShot, [signed.unsupported]);
  expect(await lifeLeftSeconds(other.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);

  // Sign out: the session goes, on the server too; the twin's page asks to sign in again.
  const token = await tab.evaluate(
    () => (JSON.parse(localStorage.getItem('fartwin.webSession') ?? '{}') as { token?: string }).token,
  );
  expect(token).toBeTruthy();
  const history = () =>
    fetch(`${stack.serverUrl}${apiPaths.conversation(own.agentId)}`, { headers: { authorization: `Bearer ${token}` } });
  expect((await history()).status).toBe(200);
  const signedOut = tab.waitForResponse((response) => response.url().endsWith(walletSignInPaths.signOut));
  await tab.getByRole('button', { name: 'Sign out' }).click();
  expect((await signedOut).status()).toBe(200);
  await expect(tab.getByTestId('web-visitor')).toContainText('Sign in with your wallet to chat.');
  expect(await tab.evaluate(() => localStorage.getItem('fartwin.webSession'))).toBeNull();
  expect((await history()).status).toBe(401);
  // Reloaded, still signed out: nothing of the wallet or the session was kept to sign back in with.
  await tab.reload();
  await expect(tab.getByTestId('web-visitor')).toContainText('Sign in with your wallet to chat.');
  await expect(tab.getByRole('navigation').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(signedIn).toHaveCount(0);
});

test('a wallet with no Farcaster account: browses, is told why it cannot chat, and revives a twin', async ({
  page,
}, testInfo) => {
  const other = await twinOf(users.revivalOwner);
  await ensureLifeLeft(other.agentId);
  await openAs(page, users.visitor);
  await setWalletSignsTypedData(page, false);
  const address = await noAccountWalletAddress(page);
  await fundForOneBattery(address);

  const { tab, app } = await openPlainBrowser(page, { wallet: 'no-account', path: '/agents' });
  const tabShot = screenshots(tab, testInfo);
  const cards = tab.getByRole('main').getByRole('link').filter({ hasText: /h ago/ });
  await expect(cards.first()).toBeVisible();
  await tab.locator(`a[href="${agentPath(other.agentId)}"]`).click();
  const visitor = tab.getByTestId('web-visitor');
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await answerWallet(page, 'Confirm', /Sign in to Fartwin/);
  // The signature was good, but no Farcaster account has this address: a clear sentence, no session.
  await expect(visitor).toContainText(`No Farcaster account holds or has verified ${address}`);
  await expect(visitor).toContainText('You can still browse every twin and pay to revive any of them');
  await expect(visitor.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  expect(await tab.evaluate(() => localStorage.getItem('fartwin.webSession'))).toBeNull();
  await tabShot('no-farcaster-account');

  // Anyone may pay: the dead twin's revival, from this wallet.
  await runOutBattery(page, other.agentId);
  const helper = visitor.getByRole('listitem').filter({ hasText: /battery ran out/ });
  await tryUnsupportedSignedRevival(page, helper, /^Allow/, helper.locator('xpath=following-sibling::li'));
  await helper.getByRole('button', { name: /allow/i }).click();
  await answerWallet(page, 'Confirm', 'Approve 1 USDC');
  const approved = visitor.getByRole('listitem').filter({ hasText: spec.usdcApproved });
  await approved.getByRole('button', { name: /buy/i }).click();
  await answerWallet(page, 'Confirm', /Buy a battery/);
  await expect(visitor.getByRole('listitem').filter({ hasText: spec.batteryInstalled })).toBeVisible();
  await expect(chatScreen(app).countdown).toHaveText(FRESH_BATTERY);
  expect(await lifeLeftSeconds(other.agentId)).toBeGreaterThan(SEVEN_DAYS - 600);
  await tabShot('revived-by-a-wallet-without-account');
});
