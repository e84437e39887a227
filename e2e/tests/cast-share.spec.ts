import { expect, test } from '@playwright/test';
import { feedCastByHash, publishCast, sharedCastQuote, shareToFartwin } from '../support/cast-share.ts';
import { chatScreen } from '../support/chat.ts';
import { openLivingTwin } from '../support/journeys.ts';
import { users } from '../support/stack.ts';
import { runMarker } from '../support/twin-actions.ts';
import { usernameOf } from '../support/web-mode.ts';

/** A sample user no other journey signs in as: here they only cast. */
const caster = 1012;

// The client's share extension. A cast shared to Fartwin opens the owner's twin chat
// with the cast quoted, and the twin gives its take on it, once.
test('launched from "Share to Fartwin" on a cast, the twin chat quotes it and the twin gives its take, once', async ({
  page,
}, testInfo) => {
  const { shot } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  const author = await usernameOf(caster);
  // The chatter's twin casts about escrow (lowcaps-dev's casts): a cast about it gets a take.
  const text = `escrow is overrated, honestly ${runMarker()}`;
  const hash = await publishCast(caster, text);
  const cast = feedCastByHash(page, hash);
  await expect(cast).toBeVisible();
  await shot('cast-in-feed');

  const shared = await shareToFartwin(page, cast, hash);
  const quote = sharedCastQuote(shared);
  await expect(quote).toContainText(`@${author}`);
  await expect(quote).toContainText(text);

  // One message carries the cast to the twin; the twin's answer is its take on that cast.
  const question = `What do you think of this cast by @${author}: “${text}”?`;
  const chat = chatScreen(shared);
  await expect(chat.from('user').filter({ hasText: question })).toHaveCount(1);
  const reply = chat.replyTo(question);
  await expect(reply).toHaveAttribute('data-sender', 'agent');
  await expect(reply.getByRole('status', { name: 'typing' })).toBeHidden();
  await expect(reply).toHaveAttribute('data-engine', 'echo');
  await expect(reply.locator('.message__text')).toContainText(new RegExp(`@${author}'s cast`, 'i'));
  await expect(reply.locator('.message__text')).not.toContainText(/haven't cast|AI twin/i);
  await shot('twin-take');

  // Another screen and back, then the page reloaded with the same launch: the question is in the
  // stored conversation, readable, and not asked again.
  const tab = (name: 'Twin' | 'Agents') =>
    shared.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name, exact: true });
  await tab('Agents').click();
  await expect(tab('Agents')).toHaveAttribute('aria-current', 'page');
  await tab('Twin').click();
  await expect(sharedCastQuote(shared)).toBeVisible();
  const readies = page.getByTestId('host-log').locator('li[data-method="ready"]');
  const before = await readies.count();
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  await frame?.evaluate(() => window.location.reload());
  await expect(readies).toHaveCount(before + 1);
  await expect(chat.from('user').filter({ hasText: question })).toHaveCount(1);
  await expect(chat.replyTo(question)).toHaveAttribute('data-sender', 'agent');
  await expect(sharedCastQuote(shared)).toBeVisible();
  await shot('after-reload');
});
