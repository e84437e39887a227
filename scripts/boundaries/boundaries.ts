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
 *
 * Between the workspace's packages (checkPackages): a package is imported by its name and through
 * what its package.json exports (`@fartwin/echo`, `@fartwin/localstack/sample-users`), never by a
 * relative path into its folder nor by a subpath it does not export.
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

export type Rule = 'internal' | 'screen' | 'entry' | 'layer' | 'cycle' | 'package';

export interface Violation {
  rule: Rule;
  /** One line: stable across runs, so a list of known ones can name it. */
  key: string;
}

const SOURCE = /\.(ts|tsx)$/;
/** Folders of installed or generated files, never read for imports. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'generated', 'test-results', 'playwright-report']);
const IMPORT =
  /(?:^|[;\s}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/**
 * Every source file under `dir`, type declarations aside, and tests aside unless `withTests` (inside
 * an app they may reach in to test; no test reaches into another package).
 */
function sourceFiles(dir: string, withTests = false): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry) && (withTests || entry !== 'test')) files.push(...sourceFiles(path, withTests));
    } else if (SOURCE.test(entry) && !/\.d\.ts$/.test(entry) && (withTests || !/\.test\.tsx?$/.test(entry))) {
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

/** Every import a source file makes, relative or of a package, as written. */
function allImportsOf(source: string): Import[] {
  const found: Import[] = [];
  for (const match of withoutComments(source).matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier) found.push({ specifier, dynamic: match[2] !== undefined });
  }
  return found;
}

/** The relative imports a source file makes. */
export function importsOf(source: string): Import[] {
  return allImportsOf(source).filter((each) => each.specifier.startsWith('.'));
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

interface WorkspacePackage {
  /** Its folder, relative to the repository ('apps/server'). */
  dir: string;
  name: string;
  /** The subpaths its package.json exports ('.', './sample-users'). */
  exports: Set<string>;
}

/** The workspace's packages, as the root package.json lists them. */
function workspacePackages(repoRoot: string): WorkspacePackage[] {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces?: string[] };
  return (root.workspaces ?? []).map((dir) => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: string | Record<string, unknown>;
    };
    const exports = typeof manifest.exports === 'object' ? Object.keys(manifest.exports) : ['.'];
    return { dir, name: manifest.name, exports: new Set(exports) };
  });
}

/** The workspace package a file is in, if any (the longest folder that holds it). */
function packageOf(
  packages: readonly WorkspacePackage[],
  repoRoot: string,
  file: string,
): WorkspacePackage | undefined {
  const path = relative(repoRoot, file).split('\\').join('/');
  return packages
    .filter((candidate) => path.startsWith(`${candidate.dir}/`))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

/**
 * Every import between the workspace's packages that goes around a package's entry: a relative path
 * into another package's folder, or a subpath of `@fartwin/x` its package.json does not export. Tests
 * count too. Files outside every package (the root's scripts) may not reach into one either.
 */
export function checkPackages(repoRoot: string, extraRoots: readonly string[] = []): Violation[] {
  const packages = workspacePackages(repoRoot);
  const byName = new Map(packages.map((workspace) => [workspace.name, workspace]));
  const violations: Violation[] = [];
  const roots = [...packages.map((workspace) => workspace.dir), ...extraRoots];
  for (const root of roots) {
    const rootDir = join(repoRoot, root);
    if (!existsSync(rootDir)) continue;
    for (const file of sourceFiles(rootDir, true)) {
      const from = packageOf(packages, repoRoot, file);
      // A root (scripts) that lies inside a package is read with it.
      if (extraRoots.includes(root) && from) continue;
      const label = relative(repoRoot, file).split('\\').join('/');
      for (const { specifier } of allImportsOf(readFileSync(file, 'utf8'))) {
        if (specifier.startsWith('.')) {
          const target = resolveImport(file, specifier);
          if (!target) continue;
          const to = packageOf(packages, repoRoot, target);
          if (to && to !== from) {
            const into = relative(repoRoot, target).split('\\').join('/');
            violations.push({
              rule: 'package',
              key: `packages: ${label} reaches into ${into}, not through ${to.name}`,
            });
          }
          continue;
        }
        const [scope, name, ...rest] = specifier.split('/');
        const imported = byName.get(`${scope}/${name}`);
        if (!imported || imported === from) continue;
        const subpath = rest.length === 0 ? '.' : `./${rest.join('/')}`;
        if (!imported.exports.has(subpath)) {
          violations.push({
            rule: 'package',
            key: `packages: ${label} imports ${specifier}, which ${imported.name} does not export`,
          });
        }
      }
    }
  }
  return violations;
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
