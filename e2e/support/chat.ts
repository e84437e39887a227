import { expect, type FrameLocator } from '@playwright/test';
import { spec } from './spec-text.ts';

type Sender = 'user' | 'agent' | 'ajax';

/** The chat screens of the mini-app (main screen, onboarding, /agent/{agentId}) as a person uses them. */
export function chatScreen(app: FrameLocator) {
  const from = (sender: Sender) => app.locator(`li[data-sender="${sender}"]`);
  const input = app.getByPlaceholder(spec.placeholder);
  /** The user's message with this text (the last one, if sent more than once). */
  const sent = (text: string) => from('user').filter({ hasText: text }).last();
  return {
    messages: app.locator('li[data-sender]'),
    from,
    input,
    countdown: app.getByTestId('countdown'),
    /** Types a message and sends it with Enter, or with the Send button. */
    async send(text: string, how: 'enter' | 'button' = 'enter') {
      await input.fill(text);
      if (how === 'enter') await input.press('Enter');
      else await app.getByRole('button', { name: spec.send }).click();
      await expect(sent(text)).toBeVisible();
      await expect(input).toHaveValue('');
    },
    /** The last message that says this. */
    messageSaying: (text: string) => app.locator('li[data-sender]').filter({ hasText: text }).last(),
    /** The message right after the user's message with this text. */
    replyTo: (text: string) => sent(text).locator('xpath=following-sibling::li[1]'),
  };
}

/**
 * Sends a message to a living twin and watches the reply stream in: typing dots, then the text,
 * written by the offline engine (the header says "offline mode"). Returns the reply's text.
 */
export async function sendAndWatchReply(
  app: FrameLocator,
  text: string,
  options: { how?: 'enter' | 'button'; shot?: (name: string) => Promise<void> } = {},
): Promise<string> {
  const chat = chatScreen(app);
  await chat.send(text, options.how);
  const reply = chat.replyTo(text);
  await expect(reply).toHaveAttribute('data-sender', 'agent');
  const typing = reply.getByRole('status', { name: 'typing' });
  await expect(typing).toBeVisible();
  await options.shot?.('reply-streaming');
  await expect(typing).toBeHidden();
  const body = reply.locator('.message__text');
  await expect(body).not.toBeEmpty();
  // The echo engine wrote it: the reply says so as data, and the chat's header says "offline mode" once.
  await expect(reply).toHaveAttribute('data-engine', 'echo');
  await expect(app.getByRole('button', { name: 'offline mode' })).toHaveCount(1);
  await options.shot?.('reply-done');
  return (await body.textContent()) ?? '';
}
