import { expect, test } from '@playwright/test';

test('the dev host embeds the mini-app, which signals ready as its first host action', async ({ page }, testInfo) => {
  await page.goto('/');
  const log = page.getByTestId('host-log');
  await expect(log.locator('li[data-method="ready"]')).toHaveCount(1);

  // The SDK's wallet discovery and the wallet's own traffic are not host actions; among the
  // actions, ready comes first.
  const methods = await log.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-method')));
  const actions = methods.filter((method) => method !== 'eip6963RequestProvider' && !method?.startsWith('wallet:'));
  expect(actions[0]).toBe('ready');

  // The wallet is announced and answers with the signed-in user's account.
  await expect(log.locator('li[data-method="wallet:eth_requestAccounts"]').first()).toBeVisible();
  await expect(page.getByTestId('wallet-panel')).toContainText('Base (8453)');

  await page.screenshot({ path: testInfo.outputPath('dev-host-ready.png'), fullPage: true });
});
