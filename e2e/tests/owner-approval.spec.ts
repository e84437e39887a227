import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { openAs, screenshots } from '../support/devhost.ts';
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
  runMarker,
  setAgentAction,
  topLevelCasts,
} from '../support/twin-actions.ts';
import { twinOf } from '../support/twins.ts';

const DAY = 86_400;

// The owner's journeys: "ask me first" on posts, the Activity screen, and Pause. The sample
// twins are shared with other journeys: every switch changed here is put back.

/** Flips one of /info's owner controls (Pause, Ask me first) and waits until it is saved. */
async function setControl(app: FrameLocator, label: string, on: boolean) {
  const toggle = app.getByRole('switch', { name: new RegExp(`^${label}`) });
  await expect(toggle).toBeEnabled();
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await expect(app.getByRole('status').filter({ hasText: 'Saving…' })).toHaveCount(0);
  await expect(app.getByRole('alert')).toHaveCount(0);
}

const activityItems = (app: FrameLocator, type: 'draft' | 'skip' | 'writing') =>
  app.locator(`li.activity__item[data-activity="${type}"]`);

/** Puts an owner's switches back whatever state a journey left them in: the sample twins are shared. */
async function restoreSwitches(page: Page, owner: number, agentId: string, controls: string[]) {
  const app = await openAs(page, owner, '/info');
  const writer = actionSwitch(app, 'Content Writer');
  await expect(writer).toBeEnabled();
  if (await writer.isChecked()) await setAgentAction(app, agentId, 'Content Writer', false);
  for (const control of controls) await setControl(app, control, false);
}

async function openActivity(page: Page, owner: number): Promise<FrameLocator> {
  const app = await openAs(page, owner, '/you/activity');
  await expect(app.getByRole('heading', { name: 'Activity' })).toBeVisible();
  return app;
}

/** How often the Activity screen reads its list again. */
const ACTIVITY_REFRESH_MS = 30_000;

test('with "ask me first" on posts, "Advance 1 day" brings two drafts and a notification; one edited and published, one discarded', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const owner = users.revivalOwner;
  const twin = await twinOf(owner);
  const name = twin.farcasterClient.username;
  await ensureLifeLeft(twin.agentId, 3 * DAY);

  try {
    let app = await openAs(page, owner, '/info');
    await addAppWithNotifications(page, { fresh: true });
    await setControl(app, 'Ask me first: posts', true);
    await setAgentAction(app, twin.agentId, 'Content Writer', true);
    // Its posts: not the thank-yous it casts when other journeys' people revive it, whenever they land.
    const posts = castsBy(topLevelCasts(page), name).filter({ hasNotText: 'for reviving me!' });
    const before = await posts.count();
    await shot('ask-me-first-on');

    await advanceOneDay(page);
    const inbox = page.getByTestId('inbox');
    // Within a rate-limit retry: the client takes one notification per 30 s, and the battery this
    // journey's start may have paid (ensureLifeLeft) sends the owner a revival notice first.
    await expect(inbox.locator('li[data-notification-id^="draft:post:"]').first()).toBeVisible({
      timeout: 90_000,
    });
    app = await openActivity(page, owner);
    const drafts = activityItems(app, 'draft');
    // The second draft may be stored just after the screen loaded, which shows it on its next
    // refresh (every 30 s): the wait covers one refresh beyond the answer's time.
    await expect(drafts).toHaveCount(2, { timeout: ANSWER_TIMEOUT + ACTIVITY_REFRESH_MS });
    // Nothing was cast on its own.
    await expect(posts).toHaveCount(before);
    await shot('two-drafts');

    const edited = `an edited post from its owner ${runMarker()}`;
    const first = drafts.nth(0);
    await first.getByRole('textbox', { name: 'Edit the draft' }).fill(edited);
    await first.getByRole('button', { name: 'Publish' }).click();
    const published = castsBy(topLevelCasts(page), name).filter({ has: page.getByText(edited, { exact: true }) });
    await expect(published).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
    await expect(castText(published)).toHaveText(edited);

    await activityItems(app, 'draft').first().getByRole('button', { name: 'Discard' }).click();
    await expect(app.getByText('Discarded')).toBeVisible();
    await expect(posts).toHaveCount(before + 1);
    await shot('one-published-one-discarded');
  } finally {
    await restoreSwitches(page, owner, twin.agentId, ['Ask me first: posts']);
  }
});

test('Activity lists a thread reply with the cast it answered; pause stops a tag reply and a post', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = screenshots(page, testInfo);
  const owner = users.walletErrors;
  const twin = await twinOf(owner);
  const witness = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId, 3 * DAY);
  await ensureLifeLeft(witness.agentId);
  const name = twin.farcasterClient.username;
  const marker = runMarker();

  // A tag is answered, and Activity shows the reply under the cast it answered, with a way to open it.
  let app = await openAs(page, people.tagger, '/agents');
  const question = `@${name} what are you up to today? ${marker}`;
  const cast = await castFromComposer(page, app, question);
  const inFeed = castsBy(repliesUnder(cast), name);
  await expect(inFeed).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  const replyHash = (await inFeed.getAttribute('data-cast-hash'))!;
  const replyText = (await castText(inFeed).textContent())!;
  app = await openActivity(page, owner);
  const reply = activityItems(app, 'writing').filter({ hasText: marker }).first();
  await expect(reply).toContainText('Replied in a thread');
  await expect(reply).toContainText(question);
  await shot('activity-thread-reply');
  // The dev host offers viewCast: "Open cast" asks the client, which opens that very cast.
  await reply.getByRole('button', { name: 'Open cast' }).click();
  const opened = page.getByTestId('cast-sheet');
  await expect(opened.locator(`li.cast[data-cast-hash="${replyHash}"]`)).toBeVisible();
  await expect(opened).toContainText(replyText);
  await expect(opened).toContainText('Replying to @');
  await shot('activity-cast-opened');
  await opened.getByRole('button', { name: 'Close' }).click();
  await expect(opened).toHaveCount(0);

  try {
    // Paused: a new tag gets no reply (a twin that is not paused answers a later one), and a day brings no post.
    app = await openAs(page, owner, '/info');
    await setControl(app, 'Pause', true);
    await setAgentAction(app, twin.agentId, 'Content Writer', true);
    // Its posts: not the thank-yous it casts when other journeys' people revive it, whenever they land.
    const posts = castsBy(topLevelCasts(page), name).filter({ hasNotText: 'for reviving me!' });
    const before = await posts.count();
    app = await openAs(page, people.tagger, '/agents');
    const ignored = await castFromComposer(page, app, `@${name} are you there? ${marker}`);
    const later = await castFromComposer(page, app, `@${witness.farcasterClient.username} and you? ${marker}`);
    await expect(castsBy(repliesUnder(later), witness.farcasterClient.username)).toHaveCount(1, {
      timeout: ANSWER_TIMEOUT,
    });
    await expect(repliesUnder(ignored)).toHaveCount(0);
    await advanceOneDay(page);
    // The day's two posts are skipped by the tick after the clock moved: the open screen shows them
    // once it reads again (on its own every 30 s; here with Refresh, until they are recorded).
    app = await openActivity(page, owner);
    const refresh = app.getByRole('button', { name: 'Refresh', exact: true });
    await expect(async () => {
      await refresh.click({ timeout: 2_000 });
      await expect(activityItems(app, 'skip').filter({ hasText: 'Did not post: paused' })).toHaveCount(2, {
        timeout: 2_000,
      });
    }).toPass({ timeout: ANSWER_TIMEOUT });
    await expect(activityItems(app, 'skip').filter({ hasText: 'Did not reply: paused' }).first()).toBeVisible();
    await expect(posts).toHaveCount(before);
    await shot('paused');
  } finally {
    await restoreSwitches(page, owner, twin.agentId, ['Pause']);
  }
});
