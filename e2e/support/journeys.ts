import type { Characteristic } from '@fartwin/protocol';
import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
import { ensureLifeLeft } from './chain.ts';
import { chatScreen } from './chat.ts';
import { openAs, screenshots } from './devhost.ts';
import { spec } from './spec-text.ts';
import { twinOf } from './twins.ts';

/**
 * Answers a new twin's questions in the onboarding chat as they come, alternating the poles so the
 * answers are not all the first option; Deploy is next.
 */
export async function answerTwinQuestions(app: FrameLocator, questions: readonly Characteristic[]) {
  const ajax = chatScreen(app).from('ajax');
  for (const [index, question] of questions.entries()) {
    await expect(ajax.last()).toHaveText(question.description);
    await app
      .locator('.chat-actions')
      .getByRole('button')
      .nth(index % question.options.length)
      .click();
  }
}

/** The mini-app's page of a twin. */
export const agentPath = (agentId: string) => `/agent/${encodeURIComponent(agentId)}`;

/**
 * The start of a journey with a sample twin: fed until it has `lifeLeft` seconds of battery (a day
 * unless said: another journey's time travel may have run it down), the dev host signed in as
 * `viewer` (the owner unless said) on the main screen or the twin's /agent page, its chat showing
 * the twin alive.
 */
export async function openLivingTwin(
  page: Page,
  testInfo: TestInfo,
  {
    owner,
    viewer = owner,
    onAgentPage = false,
    lifeLeft,
  }: { owner: number; viewer?: number; onAgentPage?: boolean; lifeLeft?: number },
) {
  const twin = await twinOf(owner);
  await ensureLifeLeft(twin.agentId, lifeLeft);
  const shot = screenshots(page, testInfo);
  const app = await openAs(page, viewer, onAgentPage ? agentPath(twin.agentId) : '/');
  const chat = chatScreen(app);
  await expect(app.locator('.twin-header')).toContainText(`@${twin.farcasterClient.username}`);
  await expect(chat.countdown).toHaveText(/^\d\d:\d\d:\d\d:\d\d$/);
  await expect(chat.countdown).not.toHaveText(spec.deadCountdown);
  return { twin, app, chat, shot };
}

/** The path the mini-app shows now (its iframe's location, which in-app navigation changes). */
export function appPath(page: Page): string {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  return frame ? new URL(frame.url()).pathname : '';
}
