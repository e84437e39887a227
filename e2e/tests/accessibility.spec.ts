import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { ensureLifeLeft, runOutBattery } from '../support/chain.ts';
import { chatScreen, sendAndWatchReply } from '../support/chat.ts';
import { openAppAt, openAs, screenshots } from '../support/devhost.ts';
import { agentPath, answerTwinQuestions } from '../support/journeys.ts';
import { spec } from '../support/spec-text.ts';
import { stack, users } from '../support/stack.ts';
import { agentsOf, twinOf } from '../support/twins.ts';
import { openPlainBrowser } from '../support/web-mode.ts';

// Every screen passes axe-core (all its rules) in the light theme and in the dark one, as
// a person meets it: inside the dev host, and as a plain web page.
test('every screen passes axe, light and dark: onboarding, twin chats, batteries, lists, owner screens, web mode', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const fid = users.inspector;
  const { agents, characteristics = [] } = await agentsOf(fid);
  expect(agents, `fid ${fid} starts without a twin`).toEqual([]);
  const shot = screenshots(page, testInfo);

  // Onboarding, and the "How Fartwin Works" modal over it.
  const app = await openAs(page, fid);
  const chat = chatScreen(app);
  await expect(app.getByText(spec.noTwinYet)).toBeVisible();
  await expectAccessible(page, 'onboarding');
  await app.getByRole('button', { name: 'How it works' }).click();
  const modal = app.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expectAccessible(page, 'how it works');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Deploy a twin: its questions, then Deploy.
  await answerTwinQuestions(app, characteristics);
  const deploy = app.getByRole('button', { name: spec.deploy, exact: true });
  await expect(deploy).toBeEnabled();
  await expectAccessible(page, 'onboarding, ready to deploy');
  await deploy.click();
  await expect(app.getByRole('button', { name: spec.quoteCastIt })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'onboarding, deployed');

  // The owner's twin chat, alive, with a reply of the echo engine and its "offline mode" note open.
  await app.getByRole('button', { name: 'Chat with your Fartwin' }).click();
  await expect(chat.countdown).toHaveText(/^0[67]:\d\d:\d\d:\d\d$/);
  await expect(app.getByRole('heading', { level: 1 })).toHaveCount(1);
  await sendAndWatchReply(app, 'what do you like?');
  await app.getByRole('button', { name: 'offline mode' }).click();
  await expect(app.getByRole('note').filter({ hasText: /^Offline mode:/ })).toBeVisible();
  await expectAccessible(page, 'twin chat, owner, alive');
  await shot('owner-alive');

  // Its battery runs out: the empty battery says why and offers the revival.
  const twin = await twinOf(fid);
  await runOutBattery(page, twin.agentId);
  await expect(chat.countdown).toHaveText(spec.deadCountdown, { timeout: 15_000 });
  const ranOut = app.getByRole('note').filter({ hasText: "Your Fartwin's battery ran out" });
  await expect(ranOut).toBeVisible();
  await expectAccessible(page, 'twin chat, owner, battery dead');
  await ranOut.getByRole('button', { name: 'Get a new battery' }).click();
  await expect(
    chat
      .from('ajax')
      .last()
      .getByRole('button', { name: /allow|revive/i }),
  ).toBeVisible();
  await expectAccessible(page, 'twin chat, owner, revival offered');
  await shot('owner-dead');

  // The directory, the leaderboard with a score's details, the agent actions.
  await openAppAt(page, '/agents');
  await expect(app.locator('.agent-card').first()).toBeVisible();
  await expectAccessible(page, 'directory');
  await openAppAt(page, '/leaderboard');
  await expect(app.getByRole('heading', { name: spec.leaderboard })).toBeVisible();
  await app.locator('.leaderboard').getByRole('button').first().click();
  await expect(app.getByRole('tooltip')).toBeVisible();
  await expectAccessible(page, 'leaderboard, a score open');
  await openAppAt(page, '/info');
  await expect(app.getByRole('heading', { name: spec.agentActions })).toBeVisible();
  await expectAccessible(page, 'agent actions');

  // The owner's screens in their one frame, once each has read what it shows.
  for (const [path, title] of [
    ['/you', 'Your twin'],
    ['/you/activity', 'Activity'],
    ['/you/people', 'People it remembers'],
    ['/you/wallet', "Your twin's wallet"],
  ] as const) {
    await openAppAt(page, path);
    await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(app.locator('.owner-screen__loading')).toHaveCount(0);
    await expect(app.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, `owner screen ${path}`);
  }

  // Someone else's living twin, visited: "this" twin, not "your" twin.
  const other = await twinOf(users.chatter);
  await ensureLifeLeft(other.agentId);
  await openAppAt(page, agentPath(other.agentId));
  await expect(app.locator('.twin-header')).toContainText(`@${other.farcasterClient.username}`);
  await expect(chat.countdown).not.toHaveText(spec.deadCountdown);
  await expect(app.getByText('Say something to this Fartwin.')).toBeVisible();
  await expectAccessible(page, 'twin chat, visitor, alive');

  // Web mode: the home of a plain browser tab, and a twin's page signed out.
  const { tab } = await openPlainBrowser(page);
  await expect(tab.getByRole('heading', { name: 'Meet your Fartwin' })).toBeVisible();
  await expectAccessible(tab, 'web mode, home');
  await tab.goto(new URL(agentPath(other.agentId), tab.url()).href);
  await expect(tab.getByTestId('web-visitor')).toBeVisible();
  await expectAccessible(tab, 'web mode, twin page signed out');
  await screenshots(tab, testInfo)('web-twin-signed-out');
});

test('the app describes itself to search engines, and robots.txt is a robots file', async ({ request }) => {
  const home = await request.get(new URL('/', stack.serverUrl).href);
  expect(await home.text()).toMatch(/<meta\s+name="description"\s+content="[^"]{50,}"/);
  const robots = await request.get(new URL('/robots.txt', stack.serverUrl).href);
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
});
