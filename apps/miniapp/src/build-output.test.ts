import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const appDir = dirname(import.meta.dirname);
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
/** A cold production build on a shared two-core machine; the build's own time, not a measure. */
const BUILD_BUDGET_MS = 300_000;

/**
 * A chunk the build writes without a source map has no module of its own: the bundler's runtime,
 * Vite's preload helper, a re-export. Preact's smallest build is several times this.
 */
const MAPLESS_CHUNK_MAX_BYTES = 2_000;

/** The npm package a bundled module comes from; null for the app's own code. */
function packageOf(source: string): string | null {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1] ?? null;
}

/** React's own packages: what the shared React chunk holds, and only that. */
const REACT_PACKAGES = ['react', 'react-dom', 'scheduler'];

// The build as `npm run build` makes it (its own process, the mini-app's vite.config.ts), into a
// directory of its own so a served dist is left alone.
describe('the built mini-app', () => {
  let outDir: string;
  /** Each chunk with a source map, and the modules it bundles (the map's sources). */
  const chunks = new Map<string, string[]>();
  let indexHtml = '';
  /** Chunks without a source map, and their sizes. */
  const mapless = new Map<string, number>();

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'miniapp-build-'));
    await promisify(execFile)(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: appDir,
      maxBuffer: 64 * 1024 * 1024,
      timeout: BUILD_BUDGET_MS,
    });
    const assets = join(outDir, 'assets');
    const files = await readdir(assets);
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      if (!files.includes(`${file}.map`)) {
        mapless.set(file, (await stat(join(assets, file))).size);
        continue;
      }
      const map = await readFile(join(assets, `${file}.map`), 'utf8');
      chunks.set(file, (JSON.parse(map) as { sources: string[] }).sources);
    }
    indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
  }, BUILD_BUDGET_MS + 10_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  const packagesIn = (file: string) => new Set(chunks.get(file)!.map(packageOf));

  test('runs on React 19 and bundles no preact', () => {
    const bundled = new Set([...chunks.keys()].flatMap((file) => [...packagesIn(file)]));
    // A positive sign the maps were read: react-dom is what renders.
    expect(bundled).toContain('react-dom');
    const withPreact = [...chunks.keys()].filter((file) =>
      [...packagesIn(file)].some((name) => name?.startsWith('preact')),
    );
    expect(withPreact, 'chunks that bundle preact').toEqual([]);
    // A chunk the maps do not describe is too small to hold a runtime.
    const large = [...mapless].filter(([, bytes]) => bytes > MAPLESS_CHUNK_MAX_BYTES);
    expect(large, 'chunks without a source map that could hold modules').toEqual([]);
  });

  test("React's own code is one chunk of its own, which the page preloads", () => {
    const withReact = [...chunks.keys()].filter((file) =>
      [...packagesIn(file)].some((name) => name !== null && REACT_PACKAGES.includes(name)),
    );
    expect(withReact, 'chunks that bundle React').toHaveLength(1);
    const [reactChunk] = withReact as [string];
    // Nothing of the app's (nor another library) in it, so an app release leaves it cached.
    expect([...packagesIn(reactChunk)].sort()).toEqual([...REACT_PACKAGES].sort());
    expect(indexHtml).toContain(`<link rel="modulepreload" crossorigin href="/assets/${reactChunk}">`);
  });
});
