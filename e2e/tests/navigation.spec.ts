import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { chatScreen } from '../support/chat.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { agentPath, appPath, openLivingTwin } from '../support/journeys.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

/** Touch targets: at least 44 px each way. */
async function expectTouchTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

/** The navigation bar of the mini-app, as a person uses it. */
function navigation(page: Page, app: FrameLocator) {
  const bar = app.getByRole('navigation', { name: 'Screens' });
  const tab = (name: 'Twin' | 'Agents' | 'Leaderboard' | 'Actions') => bar.getByRole('link', { name, exact: true });
  return {
    bar,
    tab,
    /** Opens a screen from the bar; the app's location follows, the tab reads as the current one. */
    async go(name: 'Twin' | 'Agents' | 'Leaderboard' | 'Actions', path: string) {
      await tab(name).click();
      await expect.poll(() => appPath(page)).toBe(path);
      await expect(tab(name)).toHaveAttribute('aria-current', 'page');
    },
  };
}

test('navigation: from the main screen to every screen and back, inside the dev host', async ({ page }, testInfo) => {
  // Someone else's twin, to open from the directory; the visitor has none, so home is the onboarding.
  const twin = await twinOf(users.walletErrors);
  const shot = screenshots(page, testInfo);
  const app = await openAs(page, users.visitor);
  const nav = navigation(page, app);
  const home = app.getByText(spec.noTwinYet);
  await expect(home).toBeVisible();
  await expect(nav.tab('Twin')).toHaveAttribute('aria-current', 'page');

  // Every tab is a touch target; the bar keeps clear of the host's bottom inset (20 px in the dev host).
  for (const name of ['Twin', 'Agents', 'Leaderboard', 'Actions'] as const) await expectTouchTarget(nav.tab(name));
  await expect(nav.bar).toHaveCSS('padding-bottom', '20px');
  const iframe = await page.locator('iframe').boundingBox();
  const bar = await nav.bar.boundingBox();
  expect(Math.round(bar!.y + bar!.height)).toBe(Math.round(iframe!.y + iframe!.height));
  await shot('home-onboarding');

  // "How it works" during onboarding, where it explains the most.
  await app.getByRole('button', { name: 'How it works' }).click();
  const howItWorks = app.getByRole('dialog', { name: 'How Fartwin Works' });
  await expect(howItWorks.getByRole('listitem')).toHaveCount(3);
  await shot('how-it-works-onboarding');
  await howItWorks.getByRole('button', { name: 'Close' }).click();
  await expect(howItWorks).toBeHidden();

  // Agents, a twin's page from its card, and the back link to the directory.
  await nav.go('Agents', '/agents');
  await expect(app.getByRole('heading', { name: 'Agents Directory' })).toBeVisible();
  await expect(app.getByRole('link', { name: /deploy an agent/i })).toBeVisible();
  await shot('agents');
  await app.locator(`a[href="${agentPath(twin.agentId)}"]`).click();
  await expect.poll(() => appPath(page)).toBe(agentPath(twin.agentId));
  await expect(app.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
  await expect(nav.tab('Agents')).toHaveAttribute('aria-current', 'page');
  await shot('agent-page');
  await app.getByRole('link', { name: spec.backToAgents }).click();
  await expect.poll(() => appPath(page)).toBe('/agents');

  // The leaderboard closes back to where the person was.
  await nav.go('Leaderboard', '/leaderboard');
  const board = app.getByRole('dialog', { name: spec.leaderboard });
  await expect(board).toBeVisible();
  const close = board.getByRole('button', { name: 'Close the leaderboard' });
  await expectTouchTarget(close);
  await shot('leaderboard');
  await close.click();
  await expect.poll(() => appPath(page)).toBe('/agents');
  await expect(board).toBeHidden();

  // Actions, then home again.
  await nav.go('Actions', '/info');
  await expect(app.getByRole('heading', { name: spec.agentActions })).toBeVisible();
  await shot('actions');
  await nav.go('Twin', '/');
  await expect(home).toBeVisible();
});

test("navigation: a twin's owner goes from its chat to every screen and back to it", async ({ page }, testInfo) => {
  const { app, chat, shot } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  const nav = navigation(page, app);
  await shot('home-twin');
  for (const [name, path, screen] of [
    ['Agents', '/agents', app.getByRole('heading', { name: 'Agents Directory' })],
    ['Leaderboard', '/leaderboard', app.getByRole('dialog', { name: spec.leaderboard })],
    ['Actions', '/info', app.getByRole('heading', { name: spec.agentActions })],
  ] as const) {
    await nav.go(name, path);
    await expect(screen).toBeVisible();
    await nav.go('Twin', '/');
    await expect(chat.input).toBeVisible();
    await expect(chat.countdown).toHaveText(/^\d\d:\d\d:\d\d:\d\d$/);
  }
  // A leaderboard opened directly (a link in a cast) closes to the main screen.
  const direct = await openAs(page, users.chatter, '/leaderboard');
  await direct.getByRole('button', { name: 'Close the leaderboard' }).click();
  await expect.poll(() => appPath(page)).toBe('/');
  await expect(chatScreen(direct).input).toBeVisible();
});
