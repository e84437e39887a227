import { usdcAbi } from '@fartwin/contracts';
import { createLocalClients, readDeployment } from '@fartwin/contracts/deployment';
import { localUserAccount } from '@fartwin/localstack/dev-accounts';
import { BATTERY_PRICE_USDC, localProfileResponseSchema } from '@fartwin/protocol';
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import { ensureLifeLeft } from './chain.ts';
import { answerWallet, openAs } from './devhost.ts';
import { stack, users } from './stack.ts';
import { twinOf } from './twins.ts';

/**
 * The dev host's "plain browser": the mini-app opened as a top-level tab (no Farcaster client, so
 * web mode), whose wallet requests the dev host's wallet answers in the dev host's tab.
 */
export async function openPlainBrowser(
  page: Page,
  { path = '/', wallet = 'user' }: { path?: string; wallet?: 'user' | 'no-account' } = {},
): Promise<{ tab: Page; app: FrameLocator }> {
  const panel = page.getByTestId('plain-browser');
  await panel.getByTestId('plain-browser-wallet').selectOption(wallet);
  await panel.getByLabel('Path').fill(path);
  const opened = page.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Open in a new tab' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  // A top-level page answers the locator calls the journeys' helpers make on the dev host's frame.
  return { tab, app: tab.locator(':root') as unknown as FrameLocator };
}

/** The address of the plain browser's wallet with no Farcaster account, as the dev host shows it. */
export async function noAccountWalletAddress(page: Page): Promise<`0x${string}`> {
  const address = await page.getByTestId('plain-browser').getAttribute('data-no-account-address');
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return address as `0x${string}`;
}

/**
 * Gives a wallet gas and a battery's worth of USDC from the keeper (a sample user that never opens
 * the app), so it can pay; the operator's account is the bot service's to send from.
 */
export async function fundForOneBattery(address: `0x${string}`): Promise<void> {
  const clients = createLocalClients(stack.rpcUrl);
  const { usdc } = readDeployment(stack.deploymentFile);
  await clients.testClient.setBalance({ address, value: parseEther('1') });
  const balance = await clients.publicClient.readContract({
    address: usdc,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [address],
  });
  if (balance >= BATTERY_PRICE_USDC) return;
  const keeper = clients.walletFor(localUserAccount(users.keeper));
  const hash = await keeper.writeContract({
    address: usdc,
    abi: usdcAbi,
    functionName: 'transfer',
    args: [address, BATTERY_PRICE_USDC],
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
}

/** A local user's username (what a web session is signed in as), from the local social network. */
export async function usernameOf(fid: number): Promise<string> {
  const response = await fetch(new URL(`/local-network/users/${fid}`, stack.serverUrl));
  if (!response.ok) throw new Error(`GET /local-network/users/${fid} answered ${response.status}`);
  return localProfileResponseSchema.parse(await response.json()).user.username;
}

/**
 * A twin's owner as a Base App user: the owner's twin alive, the dev host open as the owner, and
 * the app saved in the Base App with notifications on (the dev host's box follows its backend's
 * answer, so the click is awaited). Answers the twin, the owner's username and the box.
 */
export async function openAsBaseAppOwner(page: Page, owner: number) {
  const twin = await twinOf(owner);
  await ensureLifeLeft(twin.agentId);
  const username = await usernameOf(owner);
  await openAs(page, owner);
  const base = page.getByTestId('base-notifications');
  const enabled = base.getByTestId('base-notifications-enabled');
  await enabled.click();
  await expect(enabled).toBeChecked();
  return { twin, username, base, enabled };
}

/** Signs in by wallet (SIWE) on a plain-browser tab's twin page, confirmed in the dev host's wallet sheet. */
export async function signInOnTwinPage(page: Page, tab: Page, username: string) {
  await tab.getByTestId('web-visitor').getByRole('button', { name: 'Sign in', exact: true }).click();
  await answerWallet(page, 'Confirm', /Sign in to Fartwin with your Farcaster account/);
  await expect(tab.getByRole('navigation').getByText(`@${username}`, { exact: true })).toBeVisible();
}
