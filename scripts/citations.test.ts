import { describe, expect, it } from 'vitest';
import { findCitations, isChecked } from './citations.ts';

// Built from parts so this file does not cite anything itself.
const specFile = ['SPEC', 'md'].join('.');
const section = '\u00a7';
const issue = 'issue';

describe('findCitations', () => {
  it('finds the spec file, a section sign and an issue number, with their lines', () => {
    const text = [
      'const a = 1;',
      `/** The deploy answer (${specFile} ${section}7). */`,
      `// ${section}2 onboarding`,
      `describe('limits (${issue} 16)', () => {`,
      `// ${issue.toUpperCase()} #14: web mode`,
      `// ${issue}s 16/17 together`,
      `// ${issue}s 16 and 17 together`,
    ].join('\n');
    expect(findCitations(text).map(({ line }) => line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(findCitations(text)[0]).toEqual({ line: 2, text: `/** The deploy answer (${specFile} ${section}7). */` });
  });

  it('leaves alone what only looks like one', () => {
    const text = [
      'const detail = error.issues.map((issue) => issue.message);',
      // The verb with a count after it, put together so this file holds no such line itself.
      ['// The server', 'issues', '2 tokens per sign-in.'].join(' '),
      'const SPEC_ROWS = [];',
      "import { spec } from './spec-text.ts';",
      "test('x.spec.ts', () => {});",
      '// RESPECT the limits; read Neynar’s OpenAPI spec.',
    ].join('\n');
    expect(findCitations(text)).toEqual([]);
  });
});

describe('isChecked', () => {
  it('checks code, tests and config, not Markdown', () => {
    expect(isChecked('apps/server/src/app.ts')).toBe(true);
    expect(isChecked('packages/contracts/contracts/FartwinLife.sol')).toBe(true);
    expect(isChecked('Dockerfile')).toBe(true);
    expect(isChecked('compose.yaml')).toBe(true);
    expect(isChecked('README.md')).toBe(false);
    expect(isChecked('docs/decisions/0001-tag-to-reply.md')).toBe(false);
  });
});
