import { expect, test } from '@playwright/test';
import { chatScreen, sendAndWatchReply } from '../support/chat.ts';
import { openAs } from '../support/devhost.ts';
import { openLivingTwin } from '../support/journeys.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';

test('chat with your twin: a reply streams in, and the conversation is still there after a reload', async ({
  page,
}, testInfo) => {
  const { shot, app } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  await shot('twin-chat');

  // The header's "?" opens the "How Fartwin Works" modal: three steps.
  await app.getByRole('button', { name: 'How it works' }).click();
  const howItWorks = app.getByRole('dialog', { name: 'How Fartwin Works' });
  await expect(howItWorks.getByRole('listitem')).toHaveCount(3);
  await shot('how-it-works');
  await howItWorks.getByRole('button', { name: 'Close' }).click();
  await expect(howItWorks).toBeHidden();

  const question = 'what are you building this week?';
  const reply = await sendAndWatchReply(app, question, { shot });

  await page.reload();
  const reloaded = chatScreen(await openAs(page, users.chatter));
  await expect(reloaded.from('user').filter({ hasText: question })).toHaveCount(1);
  await expect(reloaded.replyTo(question).locator('.message__text')).toHaveText(reply);
  await shot('after-reload');
});

test('chat with your twin on its /agent page', async ({ page }, testInfo) => {
  const { shot, app } = await openLivingTwin(page, testInfo, { owner: users.chatter, onAgentPage: true });
  await expect(app.getByRole('link', { name: spec.backToAgents })).toHaveAttribute('href', '/agents');
  await expect(app.getByRole('button', { name: spec.send })).toBeVisible();
  await shot('agent-page');

  await sendAndWatchReply(app, 'gm from the agent page', { how: 'button', shot });
});
