import { expect, type Page } from '@playwright/test';

/** The client's menu over the frame ("⋯"), as a person opens it. */
export async function openAppMenu(page: Page) {
  await page.getByTestId('app-menu-button').click();
  const menu = page.getByTestId('app-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The client events this page's host log shows, by name (miniapp_added, miniapp_removed, …). */
export const hostEvent = (page: Page, name: string) =>
  page.getByTestId('host-log').locator(`li[data-method="event:${name}"]`);

/** The client removes the app from the "⋯" menu; the bot service hears miniapp_removed. */
export async function removeApp(page: Page) {
  const menu = await openAppMenu(page);
  await menu.getByRole('button', { name: 'Remove app' }).click();
  await expect(hostEvent(page, 'miniapp_removed')).toHaveCount(1);
  await menu.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('inbox')).toContainText('Fartwin is not in your apps');
}
