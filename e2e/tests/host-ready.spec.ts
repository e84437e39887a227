import { expect, test } from '@playwright/test';

test('the dev host embeds the mini-app, which signals ready with the user in its context', async ({ page }, testInfo) => {
  await page.goto('/');
  const readyCall = page.getByTestId('host-log').locator('li[data-method="ready"]');
  await expect(readyCall).toHaveCount(1);
  // ready is the first thing the mini-app asks of the host.
  await expect(page.getByTestId('host-log').locator('li').first()).toHaveAttribute('data-method', 'ready');

  const miniApp = page.frameLocator('iframe[title="Fartwin mini-app"]');
  const selectedUser = await page.locator('select').locator('option:checked').textContent();
  const username = selectedUser?.match(/@([\w-]+)/)?.[1];
  expect(username).toBeTruthy();
  await expect(miniApp.getByRole('heading', { name: `gm, @${username}` })).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('dev-host-ready.png'), fullPage: true });
});
