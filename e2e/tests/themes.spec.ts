import { expect, type FrameLocator, type Locator, test } from '@playwright/test';
import { wcagContrast } from 'culori';
import { openAs, screenshots } from '../support/devhost.ts';
import { users } from '../support/stack.ts';

/** The palettes' page backgrounds (apps/miniapp/src/styles.css). */
const DARK_BG = 'rgb(23, 16, 31)';
const LIGHT_BG = 'rgb(247, 245, 251)';
const AA_TEXT = 4.5;

const style = (locator: Locator, property: 'color' | 'background-color') =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** The page's background: the root element paints it (styles.css's :root). */
const pageBackground = (app: FrameLocator) => style(app.locator('html'), 'background-color');

/** Text colour of `text` against the background colour of `on`, as WCAG 2 computes it. */
async function contrast(text: Locator, on: Locator): Promise<number> {
  return wcagContrast(await style(text, 'color'), await style(on, 'background-color'));
}

/** What a person reads on the directory: the title on the page, a card's name and time, the current tab. */
async function expectReadable(app: FrameLocator) {
  const card = app.locator('.agent-card').first();
  const nav = app.getByRole('navigation', { name: 'Screens' });
  const pairs: [string, Locator, Locator][] = [
    ['title on the page', app.getByRole('heading', { name: 'Agents Directory' }), app.locator('html')],
    ['name on a card', card.locator('.agent-card__username'), card],
    ['time on a card', card.locator('.agent-card__time'), card],
    ['current tab on the bar', nav.locator('[aria-current="page"]'), nav],
    [
      'the compose button',
      app.getByRole('link', { name: /deploy an agent/i }),
      app.getByRole('link', { name: /deploy an agent/i }),
    ],
  ];
  for (const [what, text, on] of pairs) {
    expect(await contrast(text, on), what).toBeGreaterThanOrEqual(AA_TEXT);
  }
}

test('the mini-app follows the system theme: dark, then light, both readable', async ({ page }, testInfo) => {
  const shot = screenshots(page, testInfo);
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await openAs(page, users.visitor, '/agents');
  await expect(app.locator('.agent-card').first()).toBeVisible();
  expect(await pageBackground(app)).toBe(DARK_BG);
  await expectReadable(app);
  await shot('dark');

  // The system switches to light while the app is open: the app follows, no reload.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageBackground(app)).toBe(LIGHT_BG);
  expect(await style(app.locator('html'), 'color')).toBe('rgb(29, 21, 40)');
  await expectReadable(app);
  await shot('light');

  // A twin's page in light: header, messages and the Send button are readable too.
  await app.locator('.agent-card').first().click();
  const send = app.getByRole('button', { name: 'Send' });
  await expect(send).toBeVisible();
  expect(await contrast(send, send), 'Send button').toBeGreaterThanOrEqual(AA_TEXT);
  const header = app.locator('.twin-header');
  expect(await contrast(header.locator('.twin-header__name'), header), 'twin name').toBeGreaterThanOrEqual(AA_TEXT);
  await shot('light-agent-page');

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(app)).toBe(DARK_BG);
});
