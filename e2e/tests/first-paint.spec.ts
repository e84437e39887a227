import { type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { ensureLifeLeft } from '../support/chain.ts';
import { answerWallet, openAs } from '../support/devhost.ts';
import { agentPath } from '../support/journeys.ts';
import { stack, users } from '../support/stack.ts';
import { twinOf } from '../support/twins.ts';
import { openPlainBrowser } from '../support/web-mode.ts';

/**
 * The packages a page needs only for a wallet or inside a Farcaster client: the wallet
 * stack (viem, wagmi's core) and the SDK's full bundle (miniapp-core, with Solana's web3.js).
 */
const WALLET_OR_CLIENT = ['viem', '@wagmi/core', '@farcaster/miniapp-core', '@solana/web3.js'];

/**
 * The npm packages bundled in a built chunk, read from its source map (the build writes one for each
 * chunk that has code of its own; a chunk without one bundles nothing).
 */
async function packagesIn(script: string): Promise<string[]> {
  const response = await fetch(`${script}.map`);
  if (!response.ok || !response.headers.get('content-type')?.includes('json')) return [];
  const map = (await response.json()) as { sources: string[] };
  return map.sources.flatMap((source) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    return match ? [match[1]!] : [];
  });
}

/**
 * The mini-app's built scripts every page of the browser fetches from now on (a tab opened later
 * included); `packagesOf(page)` answers the packages those of one page bundle.
 */
function watchScripts(context: BrowserContext) {
  const scripts = new Map<Page, Set<string>>();
  context.on('response', (response: Response) => {
    const url = response.url();
    if (!url.startsWith(`${stack.serverUrl}/assets/`) || !url.endsWith('.js')) return;
    const page = response.frame().page();
    if (!scripts.has(page)) scripts.set(page, new Set());
    scripts.get(page)!.add(url);
  });
  return async (page: Page) => new Set((await Promise.all([...(scripts.get(page) ?? [])].map(packagesIn))).flat());
}

test('a web page loads neither the wallet stack nor the SDK until a wallet is needed; a client loads both', async ({
  page,
}) => {
  const twin = await twinOf(users.chatter);
  // Alive, so its page needs no wallet (a dead one offers the revival, which loads it).
  await ensureLifeLeft(twin.agentId);
  const packagesOf = watchScripts(page.context());
  // Inside the dev host (a client): the start-up connects the wallet with the SDK's.
  const app = await openAs(page, users.visitor);
  await expect(app.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await expect.poll(async () => [...(await packagesOf(page))]).toEqual(expect.arrayContaining(WALLET_OR_CLIENT));

  // A top-level tab: the leaderboard, the directory and a twin's page, read by a visitor.
  const { tab } = await openPlainBrowser(page, { path: '/leaderboard' });
  const loaded = () => packagesOf(tab);
  await expect(tab.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await tab.waitForLoadState('networkidle');
  await tab.goto(new URL('/agents', tab.url()).href);
  await expect(tab.locator('.agent-card').first()).toBeVisible();
  await tab.waitForLoadState('networkidle');
  await tab.goto(new URL(agentPath(twin.agentId), tab.url()).href);
  const visitor = tab.getByTestId('web-visitor');
  await expect(visitor).toBeVisible();
  // The battery counts down by the chain's clock, read without the wallet stack.
  await expect(tab.getByTestId('countdown')).toHaveText(/^\d\d:\d\d:\d\d:\d\d$/);
  await tab.waitForLoadState('networkidle');
  const before = await loaded();
  expect(before.size, 'the pages bundle packages (react at least)').toBeGreaterThan(0);
  for (const name of WALLET_OR_CLIENT) expect(before, `${name} before a wallet is needed`).not.toContain(name);

  // "Sign in" needs the wallet: its stack loads then (the signature is declined here).
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await answerWallet(page, 'Reject', /Sign in to Fartwin/);
  await expect.poll(async () => [...(await loaded())]).toEqual(expect.arrayContaining(['viem', '@wagmi/core']));
});

test("a visitor's first pages bundle no schema library, and run on React, not preact", async ({ page }) => {
  const packagesOf = watchScripts(page.context());
  await openAs(page, users.visitor);
  // The web home (nobody signed in) and the leaderboard: nothing on them comes from the server's JSON.
  const { tab } = await openPlainBrowser(page, { path: '/' });
  await expect(tab.getByRole('heading', { name: 'Meet your Fartwin' })).toBeVisible();
  await tab.goto(new URL('/leaderboard', tab.url()).href);
  await expect(tab.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await tab.waitForLoadState('networkidle');
  const loaded = await packagesOf(tab);
  // react-dom renders them (a positive sign the packages were read at all).
  expect(loaded).toContain('react-dom');
  for (const name of ['zod', 'preact']) expect(loaded, `${name} on a visitor's first pages`).not.toContain(name);
});

test("each main screen's page comes with its shell, which the app takes over as it is", async ({ page }) => {
  const twin = await twinOf(users.chatter);
  await ensureLifeLeft(twin.agentId);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The shell's navigation bar as parsed, before the module scripts run (they run after the
  // document turns interactive): taken over, it is the bar the app shows; rendered again, it is not.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as { shellBar?: Element | null }).shellBar = document.querySelector('nav');
    });
  });
  const screens: [string, (page: Page) => Promise<void>][] = [
    ['/', (tab) => expect(tab.getByRole('heading', { name: 'Meet your Fartwin' })).toBeVisible()],
    ['/agents', (tab) => expect(tab.locator('.agent-card').first()).toBeVisible()],
    [agentPath(twin.agentId), (tab) => expect(tab.getByTestId('web-visitor')).toBeVisible()],
    ['/leaderboard', (tab) => expect(tab.getByRole('heading', { name: 'Leaderboard' })).toBeVisible()],
    ['/info', (tab) => expect(tab.getByRole('heading', { name: 'Agent Actions' })).toBeVisible()],
  ];
  for (const [path, shown] of screens) {
    const html = await (await fetch(`${stack.serverUrl}${path}`)).text();
    expect(html, `${path}'s page has its shell`).toContain('<nav class="nav-bar"');
    await page.goto(`${stack.serverUrl}${path}`);
    await shown(page);
    // web mode's "Sign in" joins the bar once the app has it.
    await expect(
      page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Sign in' }),
    ).toBeVisible();
    const kept = await page.evaluate(
      () => (window as { shellBar?: Element | null }).shellBar === document.querySelector('nav'),
    );
    expect(kept, `${path}: the shell's bar is the app's`).toBe(true);
  }
  expect(errors).toEqual([]);
});
