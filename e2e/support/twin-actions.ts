import { type AgentActionKey, type AgentActions, agentActionsResponseSchema, apiPaths } from '@fartwin/protocol';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { openAppMenu, removeApp } from './app-menu.ts';
import { pressClockJump } from './chain.ts';
import { openAs } from './devhost.ts';
import type { agentActionToggles } from './spec-text.ts';
import { stack } from './stack.ts';

/**
 * The people of the twin-actions journey who own no twin (sample users no other journey signs in
 * as): they tag twins, reply in the feed and write to twins.
 */
export const people = {
  /** Tags twins in casts and replies to them in the feed. */
  tagger: 1007,
  /** Writes to a twin in the dev host's direct-message panel. */
  messenger: 1009,
} as const;

/** How long a twin's answer (a reply in a thread, a direct message) may take to show in the dev host. */
export const ANSWER_TIMEOUT = 30_000;

/** A marker that makes a journey's texts its own, so a cast is found by its text alone. */
export const runMarker = () => `#${Date.now().toString(36)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------------------------
// The feed of the dev host: casts as threads (li.cast, its replies in the ol right under it).

/** The feed's casts whose own text is exactly `text` (not a reply quoting it). */
export function castsSaying(page: Page, text: string): Locator {
  return page
    .getByTestId('feed')
    .locator('li.cast')
    .filter({
      has: page.locator(':scope > .cast-body > .cast-text', { hasText: new RegExp(`^${escapeRegExp(text)}$`) }),
    });
}

/** The replies right under a cast in the feed's threads (not the replies to those). */
export const repliesUnder = (cast: Locator): Locator => cast.locator(':scope > ol.cast-replies > li.cast');

/** The feed's top-level casts (threads' first casts), newest first. */
export const topLevelCasts = (page: Page): Locator => page.getByTestId('feed').locator(':scope > ol.casts > li.cast');

/** Of `casts`, those written by `@username`. */
export function castsBy(casts: Locator, username: string): Locator {
  return casts.filter({
    has: casts.page().locator(':scope > .cast-body > .cast-header > span.muted', {
      hasText: new RegExp(`^@${escapeRegExp(username)}$`),
    }),
  });
}

/** A cast's own text (not its replies'). */
export const castText = (cast: Locator): Locator => cast.locator(':scope > .cast-body > .cast-text');

/** The one cast in the feed with this hash. */
const castByHash = (page: Page, hash: string) => page.getByTestId('feed').locator(`li.cast[data-cast-hash="${hash}"]`);

/** Writes `text` in the dev host's compose sheet (already open) and casts it. */
async function castInSheet(page: Page, text: string) {
  const compose = page.getByTestId('compose-sheet');
  await expect(compose).toBeVisible();
  await compose.getByRole('textbox', { name: 'Cast text' }).fill(text);
  await compose.getByRole('button', { name: 'Cast', exact: true }).click();
  await expect(compose).toBeHidden();
}

/** The cast just published with this text, found in the feed and pinned by its hash. */
async function publishedCast(page: Page, text: string): Promise<Locator> {
  const cast = castsSaying(page, text);
  await expect(cast).toHaveCount(1);
  const hash = await cast.getAttribute('data-cast-hash');
  expect(hash).toMatch(/^0x[0-9a-f]+$/);
  return castByHash(page, hash!);
}

/**
 * A new cast, as a person writes one from the mini-app's directory (/agents must be open): its "+"
 * opens the dev host's composer, where the person writes their own text and casts. Answers the
 * cast in the feed.
 */
export async function castFromComposer(page: Page, app: FrameLocator, text: string): Promise<Locator> {
  await app.getByRole('link', { name: /deploy an agent/i }).click();
  await castInSheet(page, text);
  return publishedCast(page, text);
}

/** `fid` tags the twin `name` in a new cast from the composer; the text of the twin's one reply under it. */
export async function tagTwin(page: Page, fid: number, name: string, text: string): Promise<string> {
  const app = await openAs(page, fid, '/agents');
  const cast = await castFromComposer(page, app, `@${name} ${text}`);
  const reply = castsBy(repliesUnder(cast), name);
  await expect(reply).toHaveCount(1, { timeout: ANSWER_TIMEOUT });
  await cast.scrollIntoViewIfNeeded();
  return (await castText(reply).textContent())?.trim() ?? '';
}

/** The feed's Reply on `cast`: the composer opens as a reply to it; answers the reply in the feed. */
export async function replyInFeed(page: Page, cast: Locator, text: string): Promise<Locator> {
  await cast.locator(':scope > .cast-body').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByTestId('compose-sheet')).toContainText(/Replying to @\S+/);
  await castInSheet(page, text);
  const reply = await publishedCast(page, text);
  // Threaded: right under the cast it answers.
  const hash = await reply.getAttribute('data-cast-hash');
  await expect(cast.locator(`:scope > ol.cast-replies > li.cast[data-cast-hash="${hash}"]`)).toHaveCount(1);
  return reply;
}

// ---------------------------------------------------------------------------------------------
// /info's switches.

/** The /info switch labels. */
export type AgentActionLabel = (typeof agentActionToggles)[number]['label'];

const KEYS: Record<AgentActionLabel, AgentActionKey> = {
  'Reply on farcaster': 'replyOnFarcaster',
  'Reply to DCs': 'replyToDirectMessages',
  'Content Writer': 'contentWriter',
  Notifications: 'notifications',
};

/** What the bot service has saved for a twin's switches (anyone may read them). */
export async function savedActions(agentId: string): Promise<AgentActions> {
  const path = apiPaths.agentActions(agentId);
  const response = await fetch(new URL(path, stack.serverUrl));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return agentActionsResponseSchema.parse(await response.json()).actions;
}

/** The /info switch with this label (its accessible name starts with it). */
export const actionSwitch = (app: FrameLocator, label: AgentActionLabel): Locator =>
  app.getByRole('switch', { name: new RegExp(`^${escapeRegExp(label)}`) });

/**
 * The owner flips a switch on /info (open in the mini-app, signed in as the twin's owner) and waits
 * until it is saved: no saving state, no error, and the bot service answers the new position.
 */
export async function setAgentAction(app: FrameLocator, agentId: string, label: AgentActionLabel, on: boolean) {
  const toggle = actionSwitch(app, label);
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked({ checked: !on });
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: on });
  await expect.poll(async () => (await savedActions(agentId))[KEYS[label]], { message: `${label} saved` }).toBe(on);
  await expect(app.getByRole('status').filter({ hasText: 'Saving…' })).toHaveCount(0);
  await expect(app.getByRole('alert')).toHaveCount(0);
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked({ checked: on });
}

// ---------------------------------------------------------------------------------------------
// The chain clock, batteries and the inbox.

/** "Advance 1 day" on the dev host's chain clock, and the chain's time moved by a day. */
export async function advanceOneDay(page: Page) {
  await pressClockJump(page, '1d');
}

/**
 * The signed-in user adds Fartwin with notifications from the client's "⋯" menu over the app (as
 * notifications.spec.ts does), unless they already get its notifications. `fresh` removes it first
 * when it is there: a new token, on which nothing other journeys sent this shared twin's owner waits.
 */
export async function addAppWithNotifications(page: Page, { fresh = false } = {}) {
  const inbox = page.getByTestId('inbox');
  const on = 'Notifications from Fartwin are on.';
  await expect(inbox).toContainText(/Fartwin is not in your apps|Notifications from Fartwin are on\./);
  if ((await inbox.textContent())?.includes(on)) {
    if (!fresh) return;
    await removeApp(page);
  }
  const menu = await openAppMenu(page);
  await expect(menu.getByRole('checkbox', { name: 'Turn on notifications' })).toBeChecked();
  await menu.getByRole('button', { name: 'Add app' }).click();
  await expect(menu).toBeHidden();
  await expect(inbox).toContainText(on);
}
