import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/support → ../../../). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The bare mini-app template the bundle and ready() benchmarks compare against. */
export const templateRoot = `${repoRoot}bench/template`;
/**
 * Where the run's builds go (git-ignored): the mini-app is built here rather than into
 * apps/miniapp/dist, which a running stack or e2e run may be serving.
 */
export const miniappDist = `${repoRoot}bench/dist/miniapp`;
export const templateDist = `${repoRoot}bench/dist/template`;
/** Every run's table, committed: bench/RESULTS.md is written from it. */
export const resultsFile = `${repoRoot}bench/results/latest.json`;
/** The same table as markdown, for readers: written with the JSON, never by hand. */
export const resultsMarkdownFile = `${repoRoot}bench/RESULTS.md`;
