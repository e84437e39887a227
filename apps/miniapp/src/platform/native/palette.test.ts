import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interpolate, parse, wcagContrast } from 'culori';
import postcss, { type AtRule, type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';

/** WCAG 2 AA for body text. */
const AA_TEXT = 4.5;

/** apps/miniapp/src, where every css file of the app lives. */
const SRC = join(import.meta.dirname, '../..');
const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );
const styles = () => postcss.parse(readFileSync(join(SRC, 'styles.css'), 'utf8'));

type Palette = Map<string, string>;

/** The custom properties of styles.css's :root: dark as declared, light with its media block over it. */
function palettes(): { dark: Palette; light: Palette } {
  const dark: Palette = new Map();
  const lightOnly: Palette = new Map();
  styles().walkRules(':root', (rule: Rule) => {
    const media = rule.parent?.type === 'atrule' ? (rule.parent as AtRule) : null;
    const target = media === null ? dark : media.params.includes('prefers-color-scheme: light') ? lightOnly : null;
    rule.walkDecls(/^--/, (decl) => void target?.set(decl.prop, decl.value));
  });
  return { dark, light: new Map([...dark, ...lightOnly]) };
}

/** A colour value of the palette: a literal, or var(--x) of another one. */
function resolve(palette: Palette, value: string): string {
  const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!reference) return value;
  const target = palette.get(reference[1]!);
  if (target === undefined) throw new Error(`${reference[1]} is not in the palette`);
  return resolve(palette, target);
}

const colour = (palette: Palette, name: string) => resolve(palette, palette.get(name) ?? `missing ${name}`);
const isColour = (value: string) => parse(value) !== undefined;

/** `color-mix(in srgb, var(--a) N%, var(--b))`, as the browser mixes it. */
function colorMix(palette: Palette, value: string): string {
  const mix = /^color-mix\(in srgb, (var\(--[\w-]+\)) (\d+)%, (var\(--[\w-]+\))\)$/.exec(value.trim());
  if (!mix) throw new Error(`unexpected color-mix: ${value}`);
  const [, first, percent, second] = mix;
  const blend = interpolate([resolve(palette, second!), resolve(palette, first!)], 'rgb');
  return blend(Number(percent) / 100) as unknown as string;
}

/**
 * Each text colour with each background it is drawn on (styles.css and the features' css): body
 * text, muted notes, links and the current tab, warnings, errors, the deploy steps' ticks, and the
 * text on the filled buttons and bubbles.
 */
const TEXT_PAIRS: readonly (readonly [text: string, background: string])[] = [
  ['--text', '--bg'],
  ['--text', '--surface'],
  ['--text', '--surface-2'],
  ['--text', '--border'],
  ['--muted', '--bg'],
  ['--muted', '--surface'],
  ['--muted', '--surface-2'],
  ['--accent-strong', '--bg'],
  ['--accent-strong', '--surface'],
  ['--accent-strong', '--surface-2'],
  ['--warn', '--surface'],
  ['--danger', '--bg'],
  ['--danger', '--surface'],
  ['--ok', '--surface'],
  ['--on-accent', '--accent-fill'],
  ['--on-accent', '--accent-fill-hover'],
  ['--on-ok', '--ok'],
];

describe('the palettes (light and dark, both checked for contrast)', () => {
  const { dark, light } = palettes();

  it('light gives every colour of dark its own value', () => {
    const colours = (palette: Palette) => [...palette.keys()].filter((name) => isColour(colour(palette, name))).sort();
    expect(colours(dark).length).toBeGreaterThan(10);
    expect(colours(light)).toEqual(colours(dark));
    const lightOwn = [...light].filter(([name, value]) => dark.get(name) !== value).map(([name]) => name);
    for (const name of ['--bg', '--surface', '--text', '--muted', '--accent-fill', '--danger', '--warn', '--ok']) {
      expect(lightOwn).toContain(name);
    }
  });

  for (const [scheme, palette] of [
    ['dark', dark],
    ['light', light],
  ] as const) {
    it.each(TEXT_PAIRS)(`${scheme}: %s on %s reads at 4.5:1 or more`, (text, background) => {
      expect(wcagContrast(colour(palette, text), colour(palette, background))).toBeGreaterThanOrEqual(AA_TEXT);
    });

    it(`${scheme}: text on every tinted background of the css (color-mix) reads at 4.5:1 or more`, () => {
      const mixes = cssFiles(SRC).flatMap((file) => {
        const found: string[] = [];
        postcss.parse(readFileSync(file, 'utf8')).walkDecls('background', (decl) => {
          if (decl.value.startsWith('color-mix(')) found.push(decl.value);
        });
        return found;
      });
      expect(mixes.length).toBeGreaterThan(0);
      for (const mix of mixes) {
        expect(wcagContrast(colour(palette, '--text'), colorMix(palette, mix)), mix).toBeGreaterThanOrEqual(AA_TEXT);
      }
    });
  }

  it('the css outside the palette names no colours: a new one goes in both palettes', () => {
    const literal = /#[0-9a-f]{3,8}\b|\b(?:rgb|hsl)a?\(/i;
    const offenders = cssFiles(SRC).flatMap((file) => {
      const found: string[] = [];
      postcss.parse(readFileSync(file, 'utf8')).walkDecls((decl) => {
        const inPalette =
          decl.prop.startsWith('--') && decl.parent?.type === 'rule' && (decl.parent as Rule).selector === ':root';
        if (!inPalette && literal.test(decl.value)) found.push(`${file}: ${decl.prop}: ${decl.value}`);
      });
      return found;
    });
    expect(offenders).toEqual([]);
  });
});
