import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The layout rule, as a check (scripts/check-boundaries.ts runs it in `npm run lint`). In an app's
 * source tree, each folder of `units` is a unit: a feature, or a piece of infrastructure.
 * - A feature is entered through its `index.ts` (or `index.tsx`): another unit that imports a file
 *   inside it reaches into its internals. Infrastructure is a set of small modules, each imported
 *   by its own file.
 * - A feature may have one more entry, `screen.ts`, for the screen it shows on a route of its own:
 *   another unit loads it only on demand (`import()`), so the screen stays out of the chunks that
 *   import the feature's index; a static import of it is a break.
 * - In a layout that says so (`entriesOnlyReExport`), a unit's `index.ts` and a feature's `screen.ts`
 *   only re-export (`export … from`): the mini-app's build declares them free of side effects, so a
 *   module that takes one name from an index bundles that name's module alone
 *   (apps/miniapp/vite.config.ts).
 * - Infrastructure sits below features: an infrastructure unit imports no feature.
 * - No import cycles, between files or between units.
 * Imports are read from the sources as written (static imports and exports, `import()`), relative
 * ones only: packages are not units.
 */
export interface AppLayout {
  /** The app's name, as violations are labelled. */
  name: string;
  /** The source root, relative to the repository. */
  root: string;
  /** Where the units are, relative to the root ('' for the root itself, 'features' for src/features). */
  unitsIn: string[];
  /** Units that are infrastructure (named as `<unitsIn>/<folder>` or `<folder>` for the root). */
  infrastructure: string[];
  /** Whether a unit's entries (index.ts, a feature's screen.ts) must hold re-exports only. */
  entriesOnlyReExport?: boolean;
}

export type Rule = 'internal' | 'screen' | 'entry' | 'layer' | 'cycle';

export interface Violation {
  rule: Rule;
  /** One line: stable across runs, so a list of known ones can name it. */
  key: string;
}

const SOURCE = /\.(ts|tsx)$/;
const IMPORT =
  /(?:^|[;\s}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every source file under `dir`, tests and type declarations aside (they may reach in to test). */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'test') files.push(...sourceFiles(path));
    } else if (SOURCE.test(entry) && !/\.test\.tsx?$|\.d\.ts$/.test(entry)) {
      files.push(path);
    }
  }
  return files;
}

/** An import as written: what it names, and whether it loads on demand (`import()`). */
export interface Import {
  specifier: string;
  dynamic: boolean;
}

/** The source without its comments, which would hide or fake imports. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

const RE_EXPORT = /export\s+(?:type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?)\s+from\s*['"][^'"]+['"]\s*;?/g;

/** Whether a source holds re-exports only (`export { a } from './a.ts'`, `export * from …`). */
export function onlyReExports(source: string): boolean {
  return withoutComments(source).replace(RE_EXPORT, '').trim() === '';
}

/** The relative imports a source file makes. */
export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const code = withoutComments(source);
  for (const match of code.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier?.startsWith('.')) found.push({ specifier, dynamic: match[2] !== undefined });
  }
  return found;
}

/** The file an import names: as written (sources import with their extension), or its folder's index. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    join(target, 'index.ts'),
    join(target, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The unit a file belongs to ('folder' or 'features/folder'), or undefined for files outside units. */
function unitOf(layout: AppLayout, rootDir: string, file: string): string | undefined {
  const path = relative(rootDir, file).split('\\').join('/');
  for (const base of layout.unitsIn) {
    const prefix = base === '' ? '' : `${base}/`;
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length).split('/');
    if (rest.length < 2) continue; // A file at the units' level, not inside one.
    const unit = `${prefix}${rest[0]}`;
    // A more specific base ('features') wins over the root ('').
    if (base === '' && layout.unitsIn.some((other) => other !== '' && path.startsWith(`${other}/`))) continue;
    return unit;
  }
  return undefined;
}

const isIndex = (file: string) => /^index\.tsx?$/.test(file);
const isScreen = (file: string) => /^screen\.tsx?$/.test(file);

/** Every violation of the layout rule in one app. */
export function checkLayout(repoRoot: string, layout: AppLayout): Violation[] {
  const rootDir = join(repoRoot, layout.root);
  const files = sourceFiles(rootDir);
  const edges = new Map<string, string[]>();
  const unitEdges = new Map<string, Set<string>>();
  const violations: Violation[] = [];
  const label = (file: string) => relative(rootDir, file).split('\\').join('/');
  for (const file of files) {
    const targets: string[] = [];
    const source = readFileSync(file, 'utf8');
    const unit = unitOf(layout, rootDir, file);
    const inUnit = unit && relative(join(rootDir, unit), file).split('\\').join('/');
    const entry = inUnit && (isIndex(inUnit) || (isScreen(inUnit) && !layout.infrastructure.includes(unit)));
    if (layout.entriesOnlyReExport && entry && !onlyReExports(source)) {
      violations.push({ rule: 'entry', key: `${layout.name}: ${label(file)} holds more than re-exports` });
    }
    for (const { specifier, dynamic } of importsOf(source)) {
      const target = resolveImport(file, specifier);
      if (!target || !SOURCE.test(target)) continue;
      targets.push(target);
      const from = unit;
      const to = unitOf(layout, rootDir, target);
      if (!to || from === to) continue;
      if (from) unitEdges.set(from, (unitEdges.get(from) ?? new Set()).add(to));
      const intoUnit = relative(join(rootDir, to), target).split('\\').join('/');
      const intoFeature = !layout.infrastructure.includes(to);
      if (intoFeature && isScreen(intoUnit) && !dynamic) {
        violations.push({
          rule: 'screen',
          key: `${layout.name}: ${label(file)} imports the screen ${label(target)} statically`,
        });
      } else if (intoFeature && !isIndex(intoUnit) && !isScreen(intoUnit)) {
        violations.push({ rule: 'internal', key: `${layout.name}: ${label(file)} reaches into ${label(target)}` });
      }
      if (from && layout.infrastructure.includes(from) && !layout.infrastructure.includes(to)) {
        violations.push({
          rule: 'layer',
          key: `${layout.name}: ${label(file)} (infrastructure) imports the feature ${to}`,
        });
      }
    }
    edges.set(file, targets);
  }
  for (const cycle of cyclesOf(edges)) {
    violations.push({ rule: 'cycle', key: `${layout.name}: import cycle ${cycle.map(label).join(' -> ')}` });
  }
  const units = new Map([...unitEdges].map(([unit, targets]) => [unit, [...targets]]));
  for (const cycle of cyclesOf(units)) {
    violations.push({ rule: 'cycle', key: `${layout.name}: folders import each other ${cycle.join(' -> ')}` });
  }
  return violations;
}

/**
 * The import cycles of a graph, one per strongly connected component (Tarjan), each named by a
 * shortest cycle through its first file in sorted order, so the same code gives the same key.
 */
export function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node)!, lowlinks.get(next)!));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (edges.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node);
  return components.map((component) => shortestCycle(edges, component[0]!, new Set(component)));
}

/** A shortest path from `start` back to itself inside its component (breadth-first). */
function shortestCycle(edges: ReadonlyMap<string, readonly string[]>, start: string, within: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!within.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The repository's apps and their layouts. */
export const LAYOUTS: AppLayout[] = [
  {
    name: 'server',
    root: 'apps/server/src',
    unitsIn: ['', 'platform'],
    infrastructure: [
      'platform/chain',
      'platform/config',
      'platform/db',
      'platform/http',
      'platform/jobs',
      'platform/limits',
      'platform/logging',
      'platform/outbox',
      'platform/outgoing',
      'platform/providers',
    ],
  },
  {
    name: 'miniapp',
    root: 'apps/miniapp/src',
    unitsIn: ['features', 'platform'],
    infrastructure: [
      'platform/frame',
      'platform/host-actions',
      'platform/native',
      'platform/wallet',
      'platform/web-sign-in',
    ],
    entriesOnlyReExport: true,
  },
];
