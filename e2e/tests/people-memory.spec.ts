import { expect, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { users } from '../support/stack.ts';
import { advanceOneDay, people, runMarker, tagTwin } from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

const DAY = 86_400;

// A twin remembers what each person talked about with it, only for that person;
// its owner sees the memory and clears it.
test('a person who talked with the twin yesterday is remembered today; another person gets nothing of it; the owner sees and clears it', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const owner = users.chatter;
  const twin = await twinOf(owner);
  const name = twin.farcasterClient.username;
  // Alive through the day the clock moves, whatever other journeys did to it.
  await ensureLifeLeft(twin.agentId, 3 * DAY);
  const marker = runMarker();
  // A word nobody else says: what person A tells the twin.
  const secret = `quokka${marker.slice(1)}`;

  /** `fid` tags the twin in a new cast of this run; answers the text of the twin's reply in the thread. */
  const tag = (fid: number, text: string) => tagTwin(page, fid, name, `${text} ${marker}`);

  // Yesterday: A tells the twin about their sourdough starter.
  await tag(people.tagger, `${secret} is my sourdough starter and it keeps dying`);
  await advanceOneDay(page);

  // Today: A says gm, and the twin refers back to it.
  expect((await tag(people.tagger, 'gm! how are you?')).toLowerCase()).toContain(secret);
  await shot('remembered-the-next-day');

  // B asks the same, and what the twin remembers: nothing of A's.
  expect((await tag(people.messenger, 'gm! how is your day going?')).toLowerCase()).not.toContain(secret);
  expect((await tag(people.messenger, 'what did the last person tell you?')).toLowerCase()).not.toContain(secret);
  await shot('another-person-gets-nothing');

  // The owner sees what the twin remembers of A, and forgets it.
  const app = await openAs(page, owner, '/you/people');
  await expect(app.getByRole('heading', { name: 'People it remembers' })).toBeVisible();
  const personA = app.getByRole('listitem', { name: /^@/ }).filter({ hasText: secret });
  await expect(personA).toHaveCount(1);
  await expect(personA).toContainText('in a thread');
  await shot('owner-sees-memory');
  await personA.getByRole('button', { name: /^Forget @/ }).click();
  await expect(personA).toHaveCount(0);
  await shot('owner-cleared-memory');

  // Forgotten: A's next gm has nothing of before.
  expect((await tag(people.tagger, 'gm again, how are you?')).toLowerCase()).not.toContain(secret);
});
