import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, checkMarkdown, docFiles, headingAnchor } from './links.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the docs link check', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const fixture = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    dirs.push(root);
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    return root;
  };

  it('gives headings the anchors GitHub gives them', () => {
    expect(headingAnchor("The twin's economy")).toBe('the-twins-economy');
    expect(headingAnchor('/info ("Agent Actions")')).toBe('info-agent-actions');
    expect(headingAnchor('In the Base App: by wallet address')).toBe('in-the-base-app-by-wallet-address');
    expect(headingAnchor('`GET /health` and [probes](x.md)')).toBe('get-health-and-probes');
    expect([...anchorsOf('# A\n## Limits\n```\n## Not a heading\n```\n## Limits\n')]).toEqual([
      'a',
      'limits',
      'limits-1',
    ]);
  });

  it('passes links that resolve and reports each one that does not, with its line', () => {
    const root = fixture({
      'README.md': [
        '# Read me',
        'See [product](docs/product.md#rules), [top](#read-me) and [the web](https://example.org/x.md).',
        'Broken: [gone](docs/gone.md) and [no anchor](docs/product.md#nothing).',
        '```',
        '[in a fence](docs/fenced.md)',
        '```',
        'Quoted as code: `[x](docs/quoted.md)`.',
      ].join('\n'),
      'docs/product.md': '# Product\n## Rules\nBack [home](../README.md).\n',
    });
    expect(checkMarkdown(join(root, 'README.md'), root)).toEqual([
      { file: 'README.md', line: 3, problem: 'links to docs/gone.md, which does not exist' },
      { file: 'README.md', line: 3, problem: 'links to docs/product.md#nothing, which has no heading #nothing' },
    ]);
    expect(checkMarkdown(join(root, 'docs/product.md'), root)).toEqual([]);
  });

  it('reports repository paths quoted as code that do not exist, not placeholders or build output', () => {
    const root = fixture({
      'apps/server/src/app.ts': '',
      'docs/a.md': [
        '# A',
        'Start at `apps/server/src/app.ts` and `apps/server/src/<feature>/routes.ts`; built into `apps/server/dist/main.js`.',
        'Gone: `apps/server/src/gone.ts`.',
      ].join('\n'),
    });
    expect(checkMarkdown(join(root, 'docs/a.md'), root)).toEqual([
      { file: 'docs/a.md', line: 3, problem: 'names apps/server/src/gone.ts, which does not exist' },
    ]);
  });

  it('reports citations a clone cannot open', () => {
    // Put together here so that this file does not cite anything itself (the citation check reads it).
    const spec = ['SPEC', 'md'].join('.');
    const issue = ['issue', '35'].join(' ');
    const root = fixture({ 'docs/a.md': `# A\nAs ${spec} ${String.fromCharCode(0xa7)}4 says, and ${issue} asks.\n` });
    expect(checkMarkdown(join(root, 'docs/a.md'), root).map((problem) => problem.problem)).toEqual([
      `cites "${spec}", which a clone cannot open`,
      `cites "${issue}", which a clone cannot open`,
    ]);
  });

  it("finds no problem in the repository's own docs", () => {
    const files = docFiles(repoRoot);
    expect(files.map((file) => file.slice(repoRoot.length))).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/product.md',
        'bench/README.md',
        'bench/RESULTS.md',
      ]),
    );
    expect(files.flatMap((file) => checkMarkdown(file, repoRoot))).toEqual([]);
  });
});
