import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** axe-core's browser build, put into the page under test as it is. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The palettes' page backgrounds (apps/miniapp/src/styles.css): how a theme is seen to have applied. */
const BACKGROUNDS = { dark: 'rgb(23, 16, 31)', light: 'rgb(247, 245, 251)' } as const;

export type Theme = keyof typeof BACKGROUNDS;

/** The mini-app's own document: the dev host's iframe, or a plain tab's page (web mode). */
export function miniAppFrame(page: Page): Frame {
  const framed = page.frames().find((frame) => frame.parentFrame() === page.mainFrame());
  return framed ?? page.mainFrame();
}

/** One line per failing node: rule, impact, what axe says, where. */
function violationLines(results: Pick<AxeResults, 'violations'>): string[] {
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`,
    ),
  );
}

/** Runs every axe-core rule on the mini-app's document as it is now; answers the violations. */
export async function axeViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(axeSource);
  const results = await frame.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return violationLines(results);
}

/**
 * Checks the mini-app's screen as it is now with axe-core, in the light theme and in the dark one
 * (the system's colour scheme, which the app follows without a reload), and fails on any
 * violation. The page is left in `end` (light unless said).
 */
export async function expectAccessible(page: Page, screen: string, { end = 'light' as Theme } = {}) {
  const themes: Theme[] = end === 'light' ? ['dark', 'light'] : ['light', 'dark'];
  for (const theme of themes) {
    await page.emulateMedia({ colorScheme: theme });
    const frame = miniAppFrame(page);
    await expect
      .poll(() => frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .toBe(BACKGROUNDS[theme]);
    // Colours that ease into the new theme (a button's background) are measured once they are there.
    await expect
      .poll(() => frame.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length))
      .toBe(0);
    expect(await axeViolations(frame), `axe on ${screen}, ${theme} theme`).toEqual([]);
  }
}
