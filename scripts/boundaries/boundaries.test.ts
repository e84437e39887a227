import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppLayout, checkLayout, importsOf } from './boundaries.ts';

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
      ).sort(),
    ).toEqual(['../b/index.ts', './a.ts', './c.ts', './d.ts', './e.css']);
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
