import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';

/**
 * Opens the dev host signed in as `fid` and waits for the mini-app to signal ready. A `path` other
 * than / opens the mini-app there, as a link to it (a cast's embed) would.
 */
export async function openAs(page: Page, fid: number, path = '/'): Promise<FrameLocator> {
  await page.goto('/');
  const picker = page.getByTestId('user-picker');
  await expect(picker.locator(`option[value="${fid}"]`)).toBeAttached();
  // Choosing the user already signed in would only clear the host log.
  if ((await picker.inputValue()) !== String(fid)) await picker.selectOption(String(fid));
  await expect(page.getByTestId('host-log').locator('li[data-method="ready"]')).toHaveCount(1);
  if (path !== '/') {
    // As a person would: the dev host's "Open the mini-app at" panel, as a link in a cast would open it.
    const openAt = page.getByTestId('open-at');
    await openAt.getByLabel('Path or link').fill(path);
    await openAt.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('host-log').locator('li[data-method="ready"]')).toHaveCount(2);
    await expect.poll(async () => (await page.locator('iframe').getAttribute('src'))?.endsWith(path)).toBe(true);
  }
  return page.frameLocator('iframe');
}

/** Numbered full-page screenshots in the test's output folder (e2e/test-results/…). */
export function screenshots(page: Page, testInfo: TestInfo) {
  let count = 0;
  return async (name: string) => {
    count += 1;
    await page.screenshot({ path: testInfo.outputPath(`${String(count).padStart(2, '0')}-${name}.png`) });
  };
}

/** The dev wallet's confirm sheet: checks what it asks (and screenshots it), then confirms or rejects. */
export async function answerWallet(
  page: Page,
  answer: 'Confirm' | 'Reject',
  asks: string | RegExp,
  shot?: () => Promise<void>,
) {
  const sheet = page.getByTestId('wallet-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(asks);
  await shot?.();
  await sheet.getByRole('button', { name: answer }).click();
  await expect(sheet).toBeHidden();
}

/** How the dev wallet answers EIP-5792 (its panel's switch): the default is not at all. */
export type WalletBundleMode = 'unsupported' | 'atomic' | 'non-atomic' | 'non-atomic-first-only';

/** Flips the wallet panel's "Sends calls together (EIP-5792)" switch, as a person would. */
export async function setWalletBundleMode(page: Page, mode: WalletBundleMode) {
  const select = page.getByTestId('wallet-bundle-mode');
  await select.selectOption(mode);
  await expect(select).toHaveValue(mode);
}

/**
 * Flips the wallet panel's "Signs typed data (EIP-712)" switch, as a person would: a wallet that
 * cannot answers eth_signTypedData_v4 with 4200 Unsupported Method (the default is that it can).
 */
export async function setWalletSignsTypedData(page: Page, signs: boolean) {
  const select = page.getByTestId('wallet-typed-data');
  const mode = signs ? 'supported' : 'unsupported';
  await select.selectOption(mode);
  await expect(select).toHaveValue(mode);
}

/**
 * Opens the mini-app at `path` with the dev host's "Open the mini-app at" panel, without reloading
 * the dev host (its wallet settings stay), and waits for the app to signal ready again.
 */
export async function openAppAt(page: Page, path: string): Promise<FrameLocator> {
  const readies = page.getByTestId('host-log').locator('li[data-method="ready"]');
  const before = await readies.count();
  const openAt = page.getByTestId('open-at');
  await openAt.getByLabel('Path or link').fill(path);
  await openAt.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(readies).toHaveCount(before + 1);
  await expect.poll(async () => (await page.locator('iframe').getAttribute('src'))?.endsWith(path)).toBe(true);
  return page.frameLocator('iframe');
}
