import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppLayout, checkLayout, checkPackages, importsOf, onlyReExports } from './boundaries.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'fartwin-boundaries-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const layout: AppLayout = { name: 'app', root: 'src', unitsIn: [''], infrastructure: ['db'] };
const keys = (root: string) =>
  checkLayout(root, layout)
    .map((violation) => `${violation.rule}: ${violation.key}`)
    .sort();

describe('the layout rule', () => {
  it('reads static imports, re-exports and dynamic imports, not commented ones or packages', () => {
    expect(
      importsOf(
        [
          "import { a } from './a.ts';",
          "import type {\n  B,\n} from '../b/index.ts';",
          "export { c } from './c.ts';",
          "const d = await import('./d.ts');",
          "import './e.css';",
          "import { z } from 'zod';",
          "// import { f } from './f.ts';",
          "/* import { g } from './g.ts'; */",
        ].join('\n'),
      ),
    ).toEqual([
      { specifier: './a.ts', dynamic: false },
      { specifier: '../b/index.ts', dynamic: false },
      { specifier: './c.ts', dynamic: false },
      { specifier: './d.ts', dynamic: true },
      { specifier: './e.css', dynamic: false },
    ]);
  });

  it('lets a feature be entered through its index only, and infrastructure by each module', () => {
    const root = fixture({
      'src/alpha/index.ts': "export { inner } from './inner.ts';",
      'src/alpha/inner.ts': 'export const inner = 1;',
      'src/beta/ok.ts': "import { inner } from '../alpha/index.ts';",
      'src/beta/reaches.ts': "import { inner } from '../alpha/inner.ts';",
      'src/main.ts': "import { inner } from './alpha/inner.ts';",
      'src/db/pool.ts': 'export const pool = 1;',
      'src/beta/store.ts': "import { pool } from '../db/pool.ts';",
    });
    expect(keys(root)).toEqual([
      'internal: app: beta/reaches.ts reaches into alpha/inner.ts',
      'internal: app: main.ts reaches into alpha/inner.ts',
    ]);
  });

  it("lets another folder load a feature's screen entry on demand only", () => {
    const root = fixture({
      'src/alpha/index.ts': "export { inner } from './inner.ts';",
      'src/alpha/inner.ts': 'export const inner = 1;',
      'src/alpha/screen.ts': "export { Page } from './page.ts';",
      'src/alpha/page.ts': "import { inner } from './inner.ts'; export const Page = inner;",
      'src/routes.ts': "export const page = () => import('./alpha/screen.ts');",
      'src/beta/lazy.ts': "export const page = async () => (await import('../alpha/screen.ts')).Page;",
      'src/beta/eager.ts': "import { Page } from '../alpha/screen.ts'; export const page = Page;",
      'src/beta/reexport.ts': "export { Page } from '../alpha/screen.ts';",
      'src/beta/page.ts': "export const page = () => import('../alpha/page.ts');",
      'src/db/pool.ts': "export const load = () => import('./screen.ts');",
      'src/db/screen.ts': 'export const screen = 1;',
    });
    expect(keys(root)).toEqual([
      'internal: app: beta/page.ts reaches into alpha/page.ts',
      'screen: app: beta/eager.ts imports the screen alpha/screen.ts statically',
      'screen: app: beta/reexport.ts imports the screen alpha/screen.ts statically',
    ]);
  });

  it("keeps a unit's index and screen entries to re-exports", () => {
    expect(
      onlyReExports(
        [
          '// What the feature offers.',
          "export { a, type B } from './a.ts';",
          "export type {\n  C,\n} from './c.ts';",
          "export * from './d.ts';",
          "export * as e from './e.ts'",
        ].join('\n'),
      ),
    ).toBe(true);
    expect(onlyReExports("import { a } from './a.ts';\nexport { a };")).toBe(false);
    expect(onlyReExports("export { a } from './a.ts';\nwindow.ready = true;")).toBe(false);
    const root = fixture({
      'src/alpha/index.ts': "export { inner } from './inner.ts';\nexport const extra = 1;",
      'src/alpha/inner.ts': 'export const inner = 1;',
      'src/alpha/screen.ts': "import './inner.ts';\nexport { inner } from './inner.ts';",
      'src/beta/index.ts': "// Beta.\nexport { inner } from '../alpha/index.ts';",
      'src/db/index.ts': 'export const pool = 1;',
      'src/db/screen.ts': 'export const screen = 1;',
    });
    expect(keys(root)).toEqual([]);
    expect(
      checkLayout(root, { ...layout, entriesOnlyReExport: true })
        .map((violation) => `${violation.rule}: ${violation.key}`)
        .sort(),
    ).toEqual([
      'entry: app: alpha/index.ts holds more than re-exports',
      'entry: app: alpha/screen.ts holds more than re-exports',
      'entry: app: db/index.ts holds more than re-exports',
    ]);
  });

  it('keeps infrastructure from importing features', () => {
    const root = fixture({
      'src/alpha/index.ts': 'export const alpha = 1;',
      'src/db/index.ts': "import { alpha } from '../alpha/index.ts';",
    });
    expect(keys(root)).toEqual(['layer: app: db/index.ts (infrastructure) imports the feature alpha']);
  });

  it('finds import cycles between files and between folders', () => {
    const root = fixture({
      'src/gamma/index.ts': "export { a } from './a.ts';",
      'src/gamma/a.ts': "import { b } from './b.ts'; export const a = 1;",
      'src/gamma/b.ts': "import { a } from './a.ts'; export const b = 2;",
      'src/alpha/index.ts': "import { beta } from '../beta/index.ts'; export const alpha = 1;",
      'src/beta/index.ts': "export const beta = 2;\nexport { later } from './later.ts';",
      'src/beta/later.ts': "export const later = async () => (await import('../alpha/index.ts')).alpha;",
    });
    expect(keys(root)).toEqual([
      'cycle: app: folders import each other alpha -> beta -> alpha',
      'cycle: app: import cycle alpha/index.ts -> beta/index.ts -> beta/later.ts -> alpha/index.ts',
      'cycle: app: import cycle gamma/a.ts -> gamma/b.ts -> gamma/a.ts',
    ]);
  });
});

describe('the package rule', () => {
  const workspace = (extra: Record<string, string>) =>
    fixture({
      'package.json': JSON.stringify({ workspaces: ['packages/engine', 'apps/app'] }),
      'packages/engine/package.json': JSON.stringify({
        name: '@f/engine',
        exports: { '.': './src/index.ts', './samples': './src/samples.ts' },
      }),
      'packages/engine/src/index.ts': "export { inner } from './inner.ts';",
      'packages/engine/src/inner.ts': 'export const inner = 1;',
      'packages/engine/src/samples.ts': 'export const samples = [];',
      'packages/engine/src/inner.test.ts': "import { inner } from './inner.ts';",
      'apps/app/package.json': JSON.stringify({ name: '@f/app' }),
      'apps/app/src/main.ts': "import { inner } from '@f/engine';\nimport { samples } from '@f/engine/samples';",
      ...extra,
    });
  const packageKeys = (root: string) =>
    checkPackages(root, ['scripts'])
      .map((violation) => `${violation.rule}: ${violation.key}`)
      .sort();

  it('lets a package be imported by its name and what it exports', () => {
    expect(packageKeys(workspace({}))).toEqual([]);
  });

  it("fails a relative path into another package's folder and a subpath it does not export, tests too", () => {
    const root = workspace({
      'apps/app/src/reaches.ts': "import { inner } from '../../../packages/engine/src/inner.ts';",
      'apps/app/src/subpath.test.ts': "import { inner } from '@f/engine/src/inner.ts';",
      'scripts/tool.ts': "import { inner } from '../packages/engine/src/inner.ts';",
    });
    expect(packageKeys(root)).toEqual([
      'package: packages: apps/app/src/reaches.ts reaches into packages/engine/src/inner.ts, not through @f/engine',
      'package: packages: apps/app/src/subpath.test.ts imports @f/engine/src/inner.ts, which @f/engine does not export',
      'package: packages: scripts/tool.ts reaches into packages/engine/src/inner.ts, not through @f/engine',
    ]);
  });
});
