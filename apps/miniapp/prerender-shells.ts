import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type Manifest, type Plugin } from 'vite';
import { type PrerenderedShell, SHELLS_INDEX } from '../../packages/protocol/src/shells.ts';

/**
 * The screens whose shell is prerendered: the route the server matches (wouter's pattern), the path
 * the shell is rendered at, and the source modules the route loads on demand (src/app/routes.tsx),
 * whose chunks and styles the page asks for at once. A module missing from the build fails it.
 */
const SHELLS: { route: string; at: string; name: string; modules: string[] }[] = [
  { route: '/', at: '/', name: 'home', modules: [] },
  {
    route: '/agents',
    at: '/agents',
    name: 'agents',
    modules: ['src/features/agents/screen.ts', 'src/features/agents/api/requests.ts'],
  },
  {
    route: '/agent/:agentId',
    at: '/agent/shell',
    name: 'agent',
    modules: ['src/features/twin-chat/screen.ts', 'src/features/agents/api/requests.ts'],
  },
  {
    route: '/leaderboard',
    at: '/leaderboard',
    name: 'leaderboard',
    modules: ['src/features/leaderboard/screen.ts'],
  },
  { route: '/info', at: '/info', name: 'info', modules: ['src/features/agent-actions/screen.ts'] },
];

const ROOT_ELEMENT = '<div id="root"></div>';

/** The build's chunks (and their styles) that `keys` need, with every chunk they import. */
function chunksOf(manifest: Manifest, keys: string[]): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no chunk for ${key}: update the shells' modules (prerender-shells.ts)`);
    if (chunk.file.endsWith('.js')) scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { scripts, styles };
}

/** The page's head tags for what a shell's route loads on demand, less what the entry brings already. */
function headTags(manifest: Manifest, modules: string[]): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build has no entry chunk');
  const loaded = chunksOf(manifest, [entry]);
  const route = chunksOf(manifest, modules);
  const tags = [
    ...[...route.styles]
      .filter((file) => !loaded.styles.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...route.scripts]
      .filter((file) => !loaded.scripts.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return tags.map((tag) => `    ${tag}\n`).join('');
}

/**
 * After the build, each screen's shell (src/shell.tsx: the frame, the bar, the screen's loading
 * state) rendered to HTML with React's `react-dom/static`, in a copy of index.html per screen with
 * its route's chunks preloaded and its styles linked, so the first paint needs no script and does
 * not move when the app takes the page over. The bot service serves each route its page
 * (`SHELLS_INDEX` lists them); index.html stays empty for every other path.
 */
export function prerenderShells(): Plugin {
  let outDir = '';
  let root = '';
  let configFile: string | undefined;
  return {
    name: 'fartwin:prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!indexHtml.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to put the shells in`);
      // The app's modules as Node runs them (Vite's module loader), the way `npm run dev` serves them.
      const server = await createServer({
        root,
        configFile,
        appType: 'custom',
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderShell } = (await server.ssrLoadModule('/src/shell.tsx')) as typeof import('./src/shell.tsx');
        await mkdir(join(outDir, 'shells'), { recursive: true });
        const index: PrerenderedShell[] = [];
        for (const shell of SHELLS) {
          const html = indexHtml
            .replace('</head>', `${headTags(manifest, shell.modules).trimStart()}  </head>`)
            .replace(ROOT_ELEMENT, `<div id="root">${await renderShell(shell.at)}</div>`);
          const file = `shells/${shell.name}.html`;
          await writeFile(join(outDir, file), html);
          index.push({ route: shell.route, file });
        }
        await writeFile(join(outDir, SHELLS_INDEX), `${JSON.stringify(index, null, 2)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
