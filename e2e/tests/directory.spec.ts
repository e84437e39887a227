import { expect, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { sendAndWatchReply } from '../support/chat.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { agentActionToggles, spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';

test('the agents directory: cards, the "+" compose link, and a chat on an agent page', async ({ page }, testInfo) => {
  // Someone else's twin: the visitor has none.
  const twin = await twinOf(users.walletErrors);
  await ensureLifeLeft(twin.agentId);
  const shot = screenshots(page, testInfo);

  const app = await openAs(page, users.visitor, '/agents');
  const cards = app.getByRole('main').getByRole('link').filter({ hasText: /h ago/ });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  for (const card of await cards.all()) {
    await expect(card).toHaveAttribute('href', /^\/agent\/.+/);
    await expect(card.locator('.agent-card__name')).toHaveText(/^@\S+$/);
    await expect(card.getByRole('img', { name: /^(active|inactive)$/ })).toBeVisible();
    await expect(card.locator('.agent-card__time')).toHaveText(/^(\d|1\d|2[0-3])h ago$/);
    await expect(card.locator('.agent-card__greeting')).not.toBeEmpty();
    await expect(card.locator('img.agent-card__pfp')).toHaveJSProperty('complete', true);
  }
  await shot('directory');

  // The floating "+": a compose link asking ajax to deploy an agent, opened in the host's composer.
  const plus = app.getByRole('link', { name: /deploy an agent/i });
  await expect(plus).toHaveText('+');
  await expect(plus).toHaveAttribute('href', new RegExp(`text=${encodeURIComponent(spec.deployComposeText)}$`));
  await plus.click();
  const compose = page.getByTestId('compose-sheet');
  await expect(compose).toBeVisible();
  await expect(compose.getByRole('textbox')).toHaveValue(spec.deployComposeText);
  await shot('compose-deploy-request');
  await compose.getByRole('button', { name: 'Cancel' }).click();
  await expect(compose).toBeHidden();

  // A card opens the agent's page; chatting works there; the back link returns.
  const card = app.locator(`a[href="${agentPath(twin.agentId)}"]`);
  await expect(card).toContainText(`@${twin.farcasterClient.username}`);
  await card.click();
  await expect(app.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
  await sendAndWatchReply(app, 'hi, who are you?', { how: 'button', shot });
  await app.getByRole('link', { name: spec.backToAgents }).click();
  await expect(cards.first()).toBeVisible();
});

test('the leaderboard: five entries, each score toggles its details', async ({ page }, testInfo) => {
  const shot = screenshots(page, testInfo);
  const app = await openAs(page, users.visitor, '/leaderboard');
  const board = app.getByRole('dialog', { name: spec.leaderboard });
  await expect(board).toBeVisible();
  const scores = board.getByRole('listitem').getByRole('button');
  await expect(scores).toHaveCount(5);
  await shot('leaderboard');

  const details = board.getByRole('tooltip');
  await scores.nth(1).click();
  await expect(details).toHaveCount(1);
  await expect(details).toContainText(/Words per minute\s*\d+/);
  await expect(details).toContainText(/Duration \(minutes\)\s*\d+/);
  await expect(details).toContainText(new RegExp(`Final score\\s*${await scores.nth(1).textContent()}`));
  await shot('leaderboard-details');
  await scores.nth(1).click();
  await expect(details).toHaveCount(0);
});

test('/info: the four agent action toggles with their defaults, disabled without a twin; the owner saves one', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  let app = await openAs(page, users.visitor, '/info');
  await expect(app.getByRole('heading', { name: spec.agentActions })).toBeVisible();
  const switches = app.getByRole('switch');
  await expect(switches).toHaveCount(4);
  for (const [index, toggle] of agentActionToggles.entries()) {
    await expect(app.getByText(toggle.label, { exact: true })).toBeVisible();
    await expect(app.getByText(toggle.text, { exact: true })).toBeVisible();
    if (toggle.on) await expect(switches.nth(index)).toBeChecked();
    else await expect(switches.nth(index)).not.toBeChecked();
    await expect(switches.nth(index)).toBeDisabled();
  }
  await shot('info-no-twin');

  // An owner's switch is saved: a reload shows it.
  app = await openAs(page, users.walletErrors, '/info');
  // By its name: the owner also has Pause above the four switches and "ask me first" below them.
  let contentWriter = app.getByRole('switch', { name: /^Content Writer/ });
  await expect(contentWriter).toBeEnabled();
  await expect(contentWriter).not.toBeChecked();
  await contentWriter.click();
  await expect(contentWriter).toBeChecked();
  await expect(app.getByText('Saving…')).toHaveCount(0);
  await openAs(page, users.visitor);
  app = await openAs(page, users.walletErrors, '/info');
  contentWriter = app.getByRole('switch', { name: /^Content Writer/ });
  await expect(contentWriter).toBeChecked();
  await shot('info-saved');
  await contentWriter.click();
  await expect(contentWriter).not.toBeChecked();
  await expect(app.getByText('Saving…')).toHaveCount(0);
});

test('the error boundary: a link to a screen that does not exist', async ({ page }, testInfo) => {
  const shot = screenshots(page, testInfo);
  const app = await openAs(page, users.visitor, '/no-such-screen');
  const alert = app.getByRole('alert');
  await expect(alert.getByRole('heading')).toHaveText(spec.somethingWentWrong);
  await expect(alert).toContainText(/404/);
  await expect(alert).not.toContainText('[object Object]');
  await shot('error-boundary');
});
