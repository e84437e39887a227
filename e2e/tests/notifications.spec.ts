import { expect, test } from '@playwright/test';
import { hostEvent, openAppMenu, removeApp } from '../support/app-menu.ts';
import { advanceUntilLeft, ensureLifeLeft, runOutBattery } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { users } from '../support/stack.ts';
import { addAppWithNotifications } from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

const HOUR = 3_600;

// Notifications through the dev host: the client adds the app (signed webhook, notification token),
// the bot service's life watch follows chain time, and what it sends lands in the client's inbox.
test('the owner adds the app with notifications: the battery warning and the death notice arrive once each; removed, nothing more', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = users.chatter;
  const twin = await twinOf(owner);
  await ensureLifeLeft(twin.agentId);
  const shot = screenshots(page, testInfo);
  await openAs(page, owner);
  const inbox = page.getByTestId('inbox');
  await expect(inbox).toContainText('Fartwin is not in your apps');

  const menu = await openAppMenu(page);
  await expect(menu.getByRole('checkbox', { name: 'Turn on notifications' })).toBeChecked();
  await shot('add-the-app');
  await menu.getByRole('button', { name: 'Add app' }).click();
  await expect(menu).toBeHidden();
  await expect(hostEvent(page, 'miniapp_added')).toHaveCount(1);
  await expect(inbox).toContainText('Notifications from Fartwin are on.');

  // 23 hours before the twin dies, the owner is warned.
  await advanceUntilLeft(page, twin.agentId, 23 * HOUR);
  const warning = inbox.locator('li[data-notification-id^="battery-warning:"]');
  await expect(warning).toHaveCount(1);
  await expect(warning).toContainText("Your twin's battery is low");
  await expect(warning).toContainText(`@${twin.farcasterClient.username} has about`);
  await shot('battery-warning');

  // At death, the second notice; the warning was not sent again meanwhile (a repeat shows as "sent 2×").
  await runOutBattery(page, twin.agentId);
  const death = inbox.locator('li[data-notification-id^="dead:"]');
  // Farcaster clients take one notification per token every 30 s: a death soon after the warning waits for the retry.
  await expect(death).toHaveCount(1, { timeout: 90_000 });
  await expect(death).toContainText('Your twin is dead');
  await expect(inbox.locator('li')).toHaveCount(2);
  await expect(inbox).not.toContainText('sent 2×');
  await shot('death-notice');

  // Opening a notification launches the mini-app at its target, from the notification.
  await death.getByRole('button').click();
  await expect(page.getByTestId('host-log').locator('li[data-method="ready"]')).toHaveCount(2);

  // Removed: the bot service drops the token, and a new life's warning goes nowhere.
  await removeApp(page);
  await ensureLifeLeft(twin.agentId);
  await advanceUntilLeft(page, twin.agentId, 23 * HOUR);
  // From here on every life-watch tick finds a notice of the owner's due (the warning, or the death
  // notice once chain time has moved on) and must send it nowhere. The positive signal that ticks
  // have done so: another owner, who adds the app only now, gets a notice; the tick that sends it
  // looked at the owner's too.
  const witnessPage = await page.context().newPage();
  const witness = await twinOf(users.walletErrors);
  await ensureLifeLeft(witness.agentId);
  await openAs(witnessPage, users.walletErrors);
  await advanceUntilLeft(witnessPage, witness.agentId, 23 * HOUR);
  await addAppWithNotifications(witnessPage);
  const witnessNotices = witnessPage.getByTestId('inbox').locator('li[data-notification-id]');
  await expect(witnessNotices.first()).toBeVisible({ timeout: 30_000 });
  await expect(inbox.locator('li')).toHaveCount(2);
  await shot('removed-no-more');
  // The other owner's client lets the app go again, as it found it.
  await removeApp(witnessPage);
  await witnessPage.close();
});
