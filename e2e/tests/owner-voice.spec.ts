import { expect, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { ask, openYourTwin } from '../support/owner-twin.ts';
import { users } from '../support/stack.ts';
import { castFromComposer, runMarker } from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

// The owner shapes the twin's voice on "Your twin" (/you) and has it learn
// their new casts. The owner is users.chatter, whose sample twin casts about escrow, tests and, once,
// a ramen place. Each question comes from a sample user no other journey talks to a twin as, each asked
// once, so no earlier conversation changes the reply (1013 also trades the twin's token, without a word).
const askers = { before: 1012, after: 1013, reverted: 1014, unlearned: 1015, learned: 1016 } as const;

/**
 * How an Extrovert twin ends every answer (@fartwin/echo's framing.ts `askBacks`, in lower case): asking the
 * person back. An Introvert never ends with these.
 */
const extrovertAskBack = /(?:what about you|what[’']s your take|what do you think|how about you)\?$/;

test('the owner changes a characteristic and avoids a topic: the next replies show both, and a revert undoes them', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const question = 'what do you think of ramen?';
  // A question on a topic it casts about, answered in full: where Social energy shows.
  const onTopic = 'tell me about testing';
  expect(await ask(page, askers.before, twin.agentId, question)).toContain('ramen');
  // Each asker asks both questions in this order, so their conversations differ only by the voice.
  const answeredBefore = await ask(page, askers.before, twin.agentId, onTopic);

  let app = await openYourTwin(page);
  const socialEnergy = app.getByRole('group', { name: 'Social energy' });
  const chosen = (await socialEnergy.getByRole('button', { pressed: true }).textContent())!.trim();
  const unchosen = socialEnergy.getByRole('button', { pressed: false });
  const newEnergy = (await unchosen.textContent())!.trim();
  const asksBack = (energy: string) => energy === 'Extrovert';
  expect(extrovertAskBack.test(answeredBefore)).toBe(asksBack(chosen));
  await unchosen.click();
  await app.getByLabel(/Topics to avoid/).fill('ramen');
  await app.getByRole('button', { name: 'Save voice' }).click();
  await expect(app.getByText('Saved. Your twin’s next reply uses it.')).toBeVisible();
  await expect(socialEnergy.getByRole('button', { name: newEnergy })).toHaveAttribute('aria-pressed', 'true');
  await expect(app.getByText(/^Version 2 ·/)).toBeVisible();
  await shot('voice-saved');

  // The next reply declines the topic without a word of it, and the next answer asks back (or no longer does).
  const declined = await ask(page, askers.after, twin.agentId, question);
  expect(declined).not.toContain('ramen');
  await shot('topic-declined');
  expect(extrovertAskBack.test(await ask(page, askers.after, twin.agentId, onTopic))).toBe(asksBack(newEnergy));
  await shot('characteristic-heard');

  // Back to the deploy's voice: the topic is talked about again, the characteristic as it was.
  app = await openYourTwin(page);
  await app.getByRole('button', { name: 'Revert to this (version 1)' }).click();
  await expect(app.getByText('Back to version 1.')).toBeVisible();
  await expect(app.getByLabel(/Topics to avoid/)).toHaveValue('');
  await expect(
    app.getByRole('group', { name: 'Social energy' }).getByRole('button', { name: newEnergy }),
  ).toHaveAttribute('aria-pressed', 'false');
  await shot('voice-reverted');
  expect(await ask(page, askers.reverted, twin.agentId, question)).toContain('ramen');
  expect(extrovertAskBack.test(await ask(page, askers.reverted, twin.agentId, onTopic))).toBe(asksBack(chosen));
});

test('the owner casts something new, presses "Refresh from my casts", and the twin talks about it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const question = 'how is the sourdough going?';
  expect(await ask(page, askers.unlearned, twin.agentId, question)).not.toContain('sourdough');

  // The owner casts from the dev host, as on Farcaster.
  const app = await openAs(page, users.chatter, '/agents');
  await castFromComposer(
    page,
    app,
    `baked my first sourdough loaf, 36 hour ferment, the crumb is unreal ${runMarker()}`,
  );

  const you = await openYourTwin(page);
  await you.getByRole('button', { name: 'Refresh from my casts' }).click();
  await expect(you.getByRole('status').filter({ hasText: /new casts? learned/ })).toBeVisible();
  await expect(you.getByText(/^[1-9]\d* new casts? learned$/)).toBeVisible();
  await shot('casts-learned');

  expect(await ask(page, askers.learned, twin.agentId, question)).toContain('sourdough');
});
