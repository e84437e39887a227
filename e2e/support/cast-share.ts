import { type NewCastRequest, newCastResponseSchema } from '@fartwin/protocol';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { stack } from './stack.ts';

/**
 * A cast by `fid` on the local social network, as any client would publish it (the dev host's own
 * composer works inside the mini-app's frame only). Returns its hash.
 */
export async function publishCast(fid: number, text: string): Promise<string> {
  const request: NewCastRequest = { fid, text };
  const response = await fetch(new URL('/local-network/casts', stack.serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`POST /local-network/casts answered ${response.status}`);
  return newCastResponseSchema.parse(await response.json()).hash;
}

/** The cast with this hash in the dev host's feed (it shows within the feed's refresh). */
export const feedCastByHash = (page: Page, hash: string): Locator =>
  page.getByTestId('feed').locator(`li.cast[data-cast-hash="${hash}"]`);

/**
 * "Share to Fartwin" on a cast of the feed, as a person uses a client's share extension: the
 * mini-app is launched again (ready once more) at its share URL, with the cast in its context.
 */
export async function shareToFartwin(page: Page, cast: Locator, hash: string): Promise<FrameLocator> {
  const readies = page.getByTestId('host-log').locator('li[data-method="ready"]');
  const before = await readies.count();
  await cast.locator(':scope > .cast-body > .cast-actions').getByRole('button', { name: 'Share to Fartwin' }).click();
  await expect(readies).toHaveCount(before + 1);
  await expect.poll(async () => await page.locator('iframe').getAttribute('src')).toContain(`castHash=${hash}`);
  return page.frameLocator('iframe');
}

/** The quote of the shared cast above the twin chat. */
export const sharedCastQuote = (app: FrameLocator): Locator =>
  app.getByRole('figure', { name: 'Shared with your twin' });
