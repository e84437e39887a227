import { expect, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { ask, openYourTwin } from '../support/owner-twin.ts';
import { users } from '../support/stack.ts';
import { ANSWER_TIMEOUT, castFromComposer, people, runMarker, tagTwin } from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

// The twin's memory: what it knows of its owner is searched for each message (an old cast as well
// as a new one), the owner teaches it by rewriting a reply, and what a person says in private never
// shows in public. The owner is users.chatter; the askers in the app chat are sample users no other
// journey chats with this twin as (1017 and 1018 only pay for another twin's revival elsewhere).
const askers = { learned: 1017, old: 1018 } as const;

test('the owner casts and refreshes: the twin talks about the new cast and an old one; a rewrite on Activity is followed', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const name = twin.farcasterClient.username;
  const marker = runMarker();

  // The owner casts from the dev host, then has the twin learn it.
  const home = await openAs(page, users.chatter, '/agents');
  await castFromComposer(page, home, `started juggling flaming clubs, three so far, no burns ${marker}`);
  const you = await openYourTwin(page);
  await you.getByRole('button', { name: 'Refresh from my casts' }).click();
  await expect(you.getByText(/^[1-9]\d* new casts? learned$/)).toBeVisible();

  // The new cast, and one of the oldest in its memory: each found for the question that asks about it.
  expect(await ask(page, askers.learned, twin.agentId, 'how is the juggling going?')).toContain('juggling');
  expect(await ask(page, askers.old, twin.agentId, 'how is the chess clock thing going?')).toContain('chess clock');
  await shot('new-and-old-casts');

  // A reply the owner would have said otherwise: rewritten on Activity.
  const first = await tagTwin(page, people.tagger, name, `what is your favourite code editor? ${marker}`);
  const rewrite = `neovim with no plugins, ask me why ${marker}`;
  expect(first).not.toBe(rewrite);
  const activity = await openAs(page, users.chatter, '/you/activity');
  const item = activity
    .locator('li.activity__item[data-activity="writing"]')
    .filter({ hasText: `what is your favourite code editor? ${marker}` });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: "How I'd say it" }).click();
  await item.getByLabel('Your answer, in your words').fill(rewrite);
  await item.getByRole('button', { name: 'Teach my twin' }).click();
  await expect(item.getByText('Saved. Your twin answers like this to similar messages.')).toBeVisible();
  await shot('reply-rewritten');

  // Someone else asks the like: the owner's words. The rewrite is listed on "Your twin".
  expect(await tagTwin(page, people.messenger, name, `which code editor is your favourite? ${marker}`)).toBe(rewrite);
  const listed = await openYourTwin(page);
  await expect(listed.getByRole('region', { name: 'How you would say it' })).toContainText(rewrite);
});

test('what a person tells the twin in a direct message never shows in its public reply to them', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const name = twin.farcasterClient.username;
  const marker = runMarker();
  const secret = `wombat${marker.slice(1)}`;

  await openAs(page, people.messenger);
  const panel = page.getByRole('region', { name: 'Direct messages' });
  await panel.getByRole('combobox', { name: 'Twin' }).selectOption({ label: `@${name}` });
  const messages = panel.getByRole('list', { name: `Conversation with @${name}` }).getByRole('listitem');
  // The person may have written to the twin before (other journeys): this message, and the answer right after it.
  const secretMessage = `${secret} is my bankruptcy lawyer, keep this between us`;
  await panel.getByRole('textbox', { name: 'Message' }).fill(secretMessage);
  await panel.getByRole('button', { name: 'Send' }).click();
  const mine = messages.filter({ hasText: secretMessage });
  await expect(mine).toHaveCount(1);
  const answer = mine.locator('xpath=following-sibling::li[1]');
  await expect(answer.locator('.dm-meta')).toContainText(`@${name}`, { timeout: ANSWER_TIMEOUT });
  await shot('secret-told-in-private');

  // The same person, in public, with a question that invites the twin to recall.
  const gm = await tagTwin(page, people.messenger, name, `gm! what did we talk about last time? ${marker}`);
  expect(gm.toLowerCase()).not.toContain(secret);
  expect(gm.toLowerCase()).not.toContain('bankruptcy');
});
