import { expect, test } from '@playwright/test';
import { ensureLifeLeft, runOutBattery } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { spec } from '../support/spec-text.ts';
import { users } from '../support/stack.ts';
import {
  ANSWER_TIMEOUT,
  actionSwitch,
  addAppWithNotifications,
  advanceOneDay,
  castFromComposer,
  castsBy,
  castText,
  people,
  repliesUnder,
  replyInFeed,
  runMarker,
  setAgentAction,
  topLevelCasts,
} from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

const DAY = 86_400;

// What a twin does on its own, through the dev host as people use it. The
// sample twins (owned by fids 1001 to 1003) are shared with other journeys: each test feeds the
// twins it needs, and switches it changes are put back to their defaults.

test('tagged in a cast, a twin replies in the thread; its owner turns "Reply on farcaster" off and a new tag gets no reply', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const owner = users.chatter;
  const twin = await twinOf(owner);
  // Another twin, left on: its reply to a later cast shows that the casts before it were handed on.
  const witness = await twinOf(users.walletErrors);
  await ensureLifeLeft(twin.agentId);
  await ensureLifeLeft(witness.agentId);
  const name = twin.farcasterClient.username;
  const marker = runMarker();

  // A person tags the twin in a new cast: the twin's reply shows threaded under it, once.
  let app = await openAs(page, people.tagger, '/agents');
  const question = `@${name} what are you building this week? ${marker}`;
  const cast = await castFromComposer(page, app, question);
  const reply = castsBy(repliesUnder(cast), name);
  await expect(reply).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(castText(reply)).not.toBeEmpty();
  expect((await castText(reply).textContent())?.trim()).not.toBe(question);
  await cast.scrollIntoViewIfNeeded();
  await shot('tagged-twin-replied');

  // Replying to the twin's cast (the feed's Reply) is answered in the thread too.
  const followUp = await replyInFeed(page, reply, `nice, and what comes after that? ${marker}`);
  await expect(castsBy(repliesUnder(followUp), name)).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(castsBy(repliesUnder(cast), name)).toHaveCount(1);
  await cast.scrollIntoViewIfNeeded();
  await shot('thread-continues');

  // The owner turns "Reply on farcaster" off on /info; a reload shows it off.
  app = await openAs(page, owner, '/info');
  await setAgentAction(app, twin.agentId, 'Reply on farcaster', false);
  await page.reload();
  app = await openAs(page, owner, '/info');
  await expect(actionSwitch(app, 'Reply on farcaster')).not.toBeChecked();
  await expect(actionSwitch(app, 'Reply on farcaster')).toBeEnabled();
  await shot('reply-on-farcaster-off');

  // A new tag gets no reply: a later cast to a twin that is on gets its answer, so both were handed
  // on to the twins, and the switched-off twin stayed silent.
  app = await openAs(page, people.tagger, '/agents');
  const ignored = await castFromComposer(page, app, `@${name} are you there? ${marker}`);
  const later = await castFromComposer(page, app, `@${witness.farcasterClient.username} are you there? ${marker}`);
  await expect(castsBy(repliesUnder(later), witness.farcasterClient.username)).toHaveCount(1, {
    timeout: ANSWER_TIMEOUT,
  });
  await expect(repliesUnder(ignored)).toHaveCount(0);
  await ignored.scrollIntoViewIfNeeded();
  await shot('switched-off-no-reply');

  // Back on (the default): new tags are answered again, and the one made while it was off
  // stays unanswered (it was decided then, not kept for later).
  app = await openAs(page, owner, '/info');
  await setAgentAction(app, twin.agentId, 'Reply on farcaster', true);
  app = await openAs(page, people.tagger, '/agents');
  const again = await castFromComposer(page, app, `@${name} back again? ${marker}`);
  await expect(castsBy(repliesUnder(again), name)).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(repliesUnder(ignored)).toHaveCount(0);
  await again.scrollIntoViewIfNeeded();
  await shot('switched-on-again');
});

test('a direct message to a twin in the dev host is answered, once per message', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const shot = screenshots(page, testInfo);
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const name = twin.farcasterClient.username;
  const marker = runMarker();

  await openAs(page, people.messenger);
  const panel = page.getByRole('region', { name: 'Direct messages' });
  await expect(panel).toHaveAttribute('data-testid', 'direct-messages');
  await panel.getByRole('combobox', { name: 'Twin' }).selectOption({ label: `@${name}` });
  const conversation = panel.getByRole('list', { name: `Conversation with @${name}` });
  const messages = conversation.getByRole('listitem');
  const input = panel.getByRole('textbox', { name: 'Message' });

  const texts = [`hey, what are you working on? ${marker}`, `and what do you do for fun? ${marker}`];
  const answers: string[] = [];
  for (const [index, text] of texts.entries()) {
    await input.fill(text);
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(input).toHaveValue('');
    // Mine, then the twin's answer right after it, and nothing more.
    await expect(messages).toHaveCount(2 * (index + 1), { timeout: ANSWER_TIMEOUT });
    const [mine, answer] = [messages.nth(2 * index), messages.nth(2 * index + 1)];
    await expect(mine).toContainText('You');
    await expect(mine.locator('.dm-text')).toHaveText(text);
    await expect(answer.locator('.dm-meta')).toContainText(`@${name}`);
    const answerText = (await answer.locator('.dm-text').textContent())?.trim() ?? '';
    expect(answerText).not.toBe('');
    answers.push(answerText);
  }
  expect(answers[1], 'a different answer to a different message').not.toBe(answers[0]);
  await expect(messages).toHaveCount(4);
  await panel.scrollIntoViewIfNeeded();
  await shot('direct-messages-answered');
});

test('with Content Writer on, "Advance 1 day" brings two new posts from the twin', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const shot = screenshots(page, testInfo);
  const owner = users.revivalOwner;
  const twin = await twinOf(owner);
  const name = twin.farcasterClient.username;
  // Alive through the day the clock moves, whatever other journeys did to it.
  await ensureLifeLeft(twin.agentId, 3 * DAY);

  const app = await openAs(page, owner, '/info');
  // Its posts: not the thank-yous it casts when other journeys' people revive it, whenever they land.
  const posts = castsBy(topLevelCasts(page), name).filter({ hasNotText: 'for reviving me!' });
  const hashes = () => posts.evaluateAll((casts) => casts.map((cast) => cast.getAttribute('data-cast-hash') ?? ''));
  await expect(page.getByTestId('feed').locator('ol.casts')).toBeVisible();
  const before = new Set(await hashes());
  const newPosts = async () => (await hashes()).filter((hash) => !before.has(hash));

  // Switched on, it posts from now on: nothing from before the switch is caught up.
  await setAgentAction(app, twin.agentId, 'Content Writer', true);
  expect(await newPosts()).toEqual([]);
  await shot('content-writer-on');

  await advanceOneDay(page);
  await expect.poll(async () => (await newPosts()).length, { timeout: ANSWER_TIMEOUT }).toBe(2);
  const written = await newPosts();
  const texts: string[] = [];
  for (const hash of written) {
    const post = topLevelCasts(page).and(page.locator(`[data-cast-hash="${hash}"]`));
    await expect(castText(post)).not.toBeEmpty();
    texts.push((await castText(post).textContent())?.trim() ?? '');
  }
  expect(texts[1], 'two different posts').not.toBe(texts[0]);
  await topLevelCasts(page)
    .and(page.locator(`[data-cast-hash="${written[0]}"]`))
    .scrollIntoViewIfNeeded();
  await shot('two-posts');

  // Back off (the default). The day brought two posts, and no more came meanwhile.
  await setAgentAction(app, twin.agentId, 'Content Writer', false);
  expect((await newPosts()).sort()).toEqual([...written].sort());
});

test('an owner with notifications on gets the day\'s two digests after "Advance 1 day"', async ({ page }, testInfo) => {
  test.setTimeout(360_000);
  const shot = screenshots(page, testInfo);
  const owner = users.revivalOwner;
  const twin = await twinOf(owner);
  const name = twin.farcasterClient.username;
  // No battery warning or death notice meanwhile: each would take the inbox's one notification per 30 s.
  await ensureLifeLeft(twin.agentId, 3 * DAY);

  const app = await openAs(page, owner, '/info');
  // This twin is shared: other journeys' revivals and deaths left notices waiting on the owner's
  // token, one per 30 s. The owner adds the app anew, and the digests meet only what comes now.
  await addAppWithNotifications(page, { fresh: true });
  const inbox = page.getByTestId('inbox');
  const digests = inbox.locator('li[data-notification-id^="digest:"]');
  await expect(digests).toHaveCount(0);
  await setAgentAction(app, twin.agentId, 'Notifications', true);
  await shot('notifications-on');

  await advanceOneDay(page);
  // The inbox takes one notification per token every 30 s: the second digest waits for the next
  // slot, and both for one more when a notice of this moment (the revival by the battery
  // ensureLifeLeft paid) takes one first.
  await expect(digests.first()).toBeVisible({ timeout: 120_000 });
  await expect(digests).toHaveCount(2, { timeout: 120_000 });
  for (const digest of await digests.all()) {
    await expect(digest).toContainText(`@${name} update`);
    await expect(digest).toContainText(/Battery: (\d+ days?( \d+ hours?)?|\d+ hours?|under an hour) left\./);
  }
  await expect(inbox).not.toContainText('sent 2×');
  await shot('digests');

  await setAgentAction(app, twin.agentId, 'Notifications', false);
});

test('a dead twin that is tagged answers once in the thread, with the link where it is revived', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const dead = await twinOf(users.walletErrors);
  const witness = await twinOf(users.chatter);
  const deadName = dead.farcasterClient.username;
  const marker = runMarker();

  let app = await openAs(page, people.tagger, '/agents');
  await runOutBattery(page, dead.agentId);
  await ensureLifeLeft(witness.agentId);

  const cast = await castFromComposer(page, app, `@${deadName} are you still around? ${marker}`);
  const notice = castsBy(repliesUnder(cast), deadName);
  await expect(notice).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await expect(castText(notice)).toContainText('/agent/');
  await expect(castText(notice)).toContainText(/battery is empty/i);
  await expect(castText(notice)).toContainText('1 USDC');
  const link = notice.getByRole('list', { name: 'Embeds' }).getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).not.toBeNull();
  expect(new URL(href!).pathname).toBe(agentPath(dead.agentId));
  await expect(castText(notice)).toContainText(href!);
  await cast.scrollIntoViewIfNeeded();
  await shot('dead-twin-notice');

  // Tagged again in the same thread, beside a living twin: the living one answers, the dead one
  // has said what it had to say.
  const again = await replyInFeed(
    page,
    cast,
    `@${deadName} @${witness.farcasterClient.username} anyone home? ${marker}`,
  );
  await expect(castsBy(repliesUnder(again), witness.farcasterClient.username)).toHaveCount(1, {
    timeout: ANSWER_TIMEOUT,
  });
  await expect(castsBy(cast.locator('li.cast'), deadName)).toHaveCount(1);
  await cast.scrollIntoViewIfNeeded();
  await shot('dead-twin-once');

  // The link opens the twin's page in the mini-app, where anyone can revive it.
  app = await openAs(page, people.tagger, href!);
  await expect(app.locator('.twin-header')).toContainText(`@${deadName}`);
  await expect(app.getByTestId('countdown')).toHaveText(spec.deadCountdown);
  await shot('revival-page');
});
