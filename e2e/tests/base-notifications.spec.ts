import { expect, test } from '@playwright/test';
import { advanceUntilLeft, payBatteryAs } from '../support/chain.ts';
import { screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { users } from '../support/stack.ts';
import { openAsBaseAppOwner, openPlainBrowser, signInOnTwinPage } from '../support/web-mode.ts';

const HOUR = 3_600;

// The Base App treats every app as a standard web app and notifies its users by wallet address,
// through Base's Notifications API. An owner who signs in by wallet in a plain browser (web mode)
// gets the battery warning there, in the dev host's stand-in of that API, and not as a Farcaster
// client's notification.
test('signed in by wallet in a plain browser, the owner gets the battery warning in the Base inbox, not the Farcaster one', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  // Not the owners whose Farcaster life notices other journeys watch (the chatter, and walletErrors
  // as notifications.spec's witness): once signed in by wallet, an owner's notices also go to Base.
  const owner = users.revivalOwner;
  // The Base App user saved the app with notifications on.
  const { twin, username, base, enabled } = await openAsBaseAppOwner(page, owner);
  const shot = screenshots(page, testInfo);
  await expect(base).toContainText('No Base notifications yet.');

  // Sign in by wallet in the plain browser: the bot service now knows the owner's wallet.
  const { tab } = await openPlainBrowser(page, { path: agentPath(twin.agentId) });
  await signInOnTwinPage(page, tab, username);

  // What the Farcaster inbox held for this twin before (earlier journeys' notices, other lives).
  const farcasterWarnings = page
    .getByTestId('inbox')
    .locator(`li[data-notification-id^="battery-warning:${twin.agentId}:"]`);
  const farcasterBefore = await farcasterWarnings.count();

  // 23 hours before the twin dies, the warning arrives in the Base inbox.
  await advanceUntilLeft(page, twin.agentId, 23 * HOUR);
  const warning = base.locator('li').filter({ hasText: "Your twin's battery is low" });
  await expect(warning).toHaveCount(1, { timeout: 60_000 });
  await expect(warning).toContainText(`@${twin.farcasterClient.username} has about`);
  await expect(warning).toHaveAttribute('data-target-path', /^\/\?notice=battery-warning/);
  await shot('base-notification');
  // Not through the Farcaster client: its inbox holds what it held.
  await expect(farcasterWarnings).toHaveCount(farcasterBefore);

  // Opening it opens the app at its path in a plain-browser tab.
  const opened = page.waitForEvent('popup');
  await warning.getByRole('button').click();
  const fromNotice = await opened;
  await fromNotice.waitForLoadState();
  expect(new URL(fromNotice.url()).searchParams.get('notice')).toMatch(/^battery-warning:/);
  await fromNotice.close();
  await tab.close();

  // Left as found for the journeys after this one: the twin on a fresh battery (their notices are
  // for a new life, not this one's, already sent) and the Base App without the app saved.
  await payBatteryAs(users.keeper, twin.agentId);
  await enabled.click();
  await expect(enabled).not.toBeChecked();
});
