import { expect, type FrameLocator, type Page } from '@playwright/test';
import { chatScreen } from './chat.ts';
import { openAs } from './devhost.ts';
import { agentPath } from './journeys.ts';
import { users } from './stack.ts';

/**
 * A sample user asks the twin one question on its page; the echo engine's whole reply, in lower case.
 * (Not sendAndWatchReply: an offline reply can be done before its typing dots are ever seen.)
 */
export async function ask(page: Page, asker: number, agentId: string, question: string): Promise<string> {
  const app = await openAs(page, asker, agentPath(agentId));
  const chat = chatScreen(app);
  await chat.send(question);
  const reply = chat.replyTo(question);
  await expect(reply).toHaveAttribute('data-sender', 'agent');
  await expect(reply).toHaveAttribute('data-engine', 'echo');
  await expect(reply.getByRole('status', { name: 'typing' })).toBeHidden();
  const body = reply.locator('.message__text');
  await expect(body).not.toBeEmpty();
  return ((await body.textContent()) ?? '').toLowerCase();
}

/** "Your twin", reached as its owner (users.chatter) reaches it: the navigation's tab. */
export async function openYourTwin(page: Page): Promise<FrameLocator> {
  const app = await openAs(page, users.chatter);
  await app.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Your twin' }).click();
  await expect(app.getByRole('heading', { name: 'Your twin' })).toBeVisible();
  return app;
}
