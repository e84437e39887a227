/**
 * `npm run build -w @fartwin/server`: bundles src/main.ts into dist/main.js, the JavaScript that
 * production runs (`node dist/main.js`, no tsx).
 *
 * - The workspace packages (@fartwin/*) export TypeScript sources, so they are bundled in; every
 *   other package stays an import, installed next to the bundle (`npm ci --omit=dev`). The build
 *   fails if the bundle imports a package the server does not declare as a dependency, since
 *   production would not have it.
 * - `import.meta.url` keeps meaning the file it is written in: each occurrence becomes that source
 *   file's URL, computed from the bundle's own, so paths relative to it (config.ts finds the repo
 *   root, the mini-app build and the deployment file that way; images.ts resolves the wasm and
 *   font files from it) are the same as under tsx, provided the repository's layout is kept.
 * - Takes well under a second: it is part of `npm run build` and so of `npm test`.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = dirname(fileURLToPath(import.meta.url));
const outDir = join(serverDir, 'dist');
const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The package a bare import names: `viem/accounts` → `viem`, `@hono/node-server/x` → `@hono/node-server`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const builtins = new Set(builtinModules);
const isWorkspacePackage = (name: string) => name.startsWith('@fartwin/');

/** npm packages stay imports (resolved from node_modules at run time); the workspace's own are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
      if (isWorkspacePackage(packageName(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Each `import.meta.url` in our own sources becomes its file's URL, derived from the bundle's location. */
const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = relative(outDir, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const started = performance.now();
const result = await build({
  entryPoints: [join(serverDir, 'src/main.ts')],
  outfile: join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceFileUrls],
});

const undeclared = new Set<string>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external || imported.path.startsWith('node:') || builtins.has(imported.path)) continue;
    const name = packageName(imported.path);
    if (!(name in manifest.dependencies)) undeclared.add(name);
  }
}
if (undeclared.size > 0) {
  console.error(
    `apps/server/dist/main.js imports packages that apps/server/package.json does not list under dependencies: ${[...undeclared].join(', ')}`,
  );
  process.exit(1);
}
console.log(`server built: apps/server/dist/main.js (${Math.round(performance.now() - started)} ms)`);
