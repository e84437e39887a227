import { readDeployment } from '@fartwin/contracts/deployment';
import type { Agent } from '@fartwin/protocol';
import { expect, type Page, test } from '@playwright/test';
import { agentPath, openLivingTwin } from '../support/journeys.ts';
import { stack, users } from '../support/stack.ts';
import { agentsOf } from '../support/twins.ts';

/** A token on the local chain (posing as Base) as CAIP-19 names it. */
const assetId = (address: string) => `eip155:8453/erc20:${address}`;
const displayName = (twin: Agent) => twin.farcasterClient.display_name || twin.name;
const hostCalls = (page: Page, method: string) => page.getByTestId('host-log').locator(`li[data-method="${method}"]`);

/** Closes a dev host sheet that only shows something. */
async function closeSheet(page: Page, testId: string) {
  const sheet = page.getByTestId(testId);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
}

test('a twin’s profile, token and swap open from the chat header as the client’s sheets', async ({
  page,
}, testInfo) => {
  const { twin, app, shot } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  const symbol = twin.token.symbol;
  // The header shows names and the symbol, never the raw addresses.
  await expect(app.locator('.twin-header')).not.toContainText('0x');
  await expect(app.getByTestId('twin-links')).not.toContainText('0x');
  await shot('twin-header');

  // The picture and names open the twin's own Farcaster profile.
  await app.getByTestId('twin-profile').click();
  const profile = page.getByTestId('profile-sheet');
  await expect(profile).toContainText(`@${twin.farcasterClient.username}`);
  await expect(profile).toContainText(`fid ${twin.farcasterClient.fid}`);
  await expect(hostCalls(page, 'viewProfile')).toHaveCount(1);
  await shot('profile-sheet');
  await closeSheet(page, 'profile-sheet');

  // Its symbol opens its token.
  await app.getByRole('button', { name: `View the $${symbol} token` }).click();
  const token = page.getByTestId('token-sheet');
  await expect(token).toContainText(`Token: ${symbol}`);
  await expect(token).toContainText(assetId(twin.token.address));
  await shot('token-sheet');
  await closeSheet(page, 'token-sheet');

  // "Buy $SYMBOL": a swap selling the app's USDC for the twin's token.
  await app.getByRole('button', { name: `Buy $${symbol}` }).click();
  const swap = page.getByTestId('swap-sheet');
  await expect(swap).toContainText('Sell: USDC');
  await expect(swap).toContainText(assetId(readDeployment(stack.deploymentFile).usdc));
  await expect(swap).toContainText(`Buy: ${symbol}`);
  await expect(swap).toContainText(assetId(twin.token.address));
  await shot('swap-sheet');
  await closeSheet(page, 'swap-sheet');
  await expect(hostCalls(page, 'swapToken')).toHaveCount(1);
});

test('share a twin: the cast carries its page, whose card is the twin’s battery', async ({ page }, testInfo) => {
  const { twin, app, shot } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  const miniappOrigin = new URL((await page.locator('iframe').getAttribute('src')) ?? '').origin;
  const twinPage = `${miniappOrigin}${agentPath(twin.agentId)}`;
  const text = 'Come talk to my twin on Fartwin, it talks just like me';
  const feed = page.getByTestId('feed');
  const shared = feed.locator('li[data-cast-hash]', { hasText: text });
  const sharedBefore = await shared.count();

  // The owner's twin chat: "Share" opens the composer, worded for a living twin, with its page embedded.
  await app.getByRole('button', { name: `Share ${displayName(twin)} in a cast` }).click();
  const compose = page.getByTestId('compose-sheet');
  await expect(compose.getByRole('textbox')).toHaveValue(text);
  await expect(compose.getByRole('link', { name: twinPage.replace(/^https?:\/\//, '') })).toHaveAttribute(
    'href',
    twinPage,
  );
  await shot('compose-share');
  await compose.getByRole('button', { name: 'Cast', exact: true }).click();
  await expect(compose).toBeHidden();

  // The cast is in the feed with the twin's page as its embed, shown as the page's mini-app card:
  // the twin's battery card image (the server renders it) and the button that opens the app there.
  await expect(shared).toHaveCount(sharedBefore + 1);
  const card = shared.first().locator(`[data-embed-miniapp="${twinPage}"]`);
  await expect(card).toHaveAttribute('href', twinPage);
  await expect(card.locator('.miniapp-card__button')).not.toBeEmpty();
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', `${miniappOrigin}/images/agents/${encodeURIComponent(twin.agentId)}.png`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await shot('feed-with-share');
});

test('a visitor shares someone else’s twin from its /agent page, in a visitor’s words', async ({ page }, testInfo) => {
  const { twin, app, shot } = await openLivingTwin(page, testInfo, {
    owner: users.chatter,
    viewer: users.visitor,
    onAgentPage: true,
  });
  // The visitor has no twin of their own: the page's twin is not theirs.
  expect((await agentsOf(users.visitor)).agents.map((agent) => agent.agentId)).not.toContain(twin.agentId);

  await app.getByRole('button', { name: `Share ${displayName(twin)} in a cast` }).click();
  const compose = page.getByTestId('compose-sheet');
  await expect(compose.getByRole('textbox')).toHaveValue(`Come talk to ${displayName(twin)}, a Fartwin twin`);
  await shot('compose-visitor-share');
  await compose.getByRole('button', { name: 'Cancel' }).click();
  await expect(compose).toBeHidden();
});

test('a client without the composer: Share is a link the client opens, into the same cast', async ({
  page,
}, testInfo) => {
  const { twin, app, shot } = await openLivingTwin(page, testInfo, { owner: users.chatter });
  // The dev host's capabilities panel: a client that does not report composeCast (the app relaunches).
  await page.getByTestId('capabilities-panel').getByLabel('actions.composeCast').uncheck();
  const share = app.getByRole('link', { name: `Share ${displayName(twin)} in a cast` });
  await expect(share).toHaveAttribute('href', /^https:\/\/farcaster\.xyz\/~\/compose\?text=/);
  await share.click();
  // The client opens Farcaster's compose link (openUrl) as its composer, with the same text and embed.
  const compose = page.getByTestId('compose-sheet');
  await expect(compose.getByRole('textbox')).toHaveValue('Come talk to my twin on Fartwin, it talks just like me');
  await expect(compose.locator(`a[href$="${agentPath(twin.agentId)}"]`)).toBeVisible();
  await expect(hostCalls(page, 'openUrl')).toHaveCount(1);
  await expect(hostCalls(page, 'composeCast')).toHaveCount(0);
  await shot('compose-from-link');
  await compose.getByRole('button', { name: 'Cancel' }).click();
  await expect(compose).toBeHidden();
});
