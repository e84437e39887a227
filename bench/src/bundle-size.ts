import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './support/context.ts';

interface FirstLoad {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
}

/**
 * The JS and CSS a built index.html loads before any lazy route: its scripts, its stylesheets and
 * the chunks Vite lists as modulepreload (every chunk the entry imports statically; lazy routes'
 * chunks are not among them). A script that is not in dist (the mini-app's /app-config.js, a few
 * hundred bytes the server writes) is not part of the bundle.
 */
function firstLoad(distDir: string): FirstLoad {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const url =
      name!.toLowerCase() === 'script'
        ? attrs.src
        : ['stylesheet', 'modulepreload'].includes(attrs.rel ?? '')
          ? attrs.href
          : undefined;
    if (!url?.startsWith('/')) continue;
    const file = join(distDir, url);
    if (existsSync(file)) files.push(file);
  }
  if (!files.some((file) => file.endsWith('.js')))
    throw new Error(`${distDir}/index.html loads no JavaScript from dist`);
  const contents = files.map((file) => readFileSync(file));
  return {
    files,
    rawBytes: contents.reduce((sum, content) => sum + content.length, 0),
    // zlib's default level, as a server compressing on the fly sends it.
    gzipBytes: contents.reduce((sum, content) => sum + gzipSync(content).length, 0),
  };
}

/** Bundle size of the first load: the mini-app against the bare template, both built in this run. */
export const bundleSize: Benchmark = {
  name: 'bundle',
  async run(context, report) {
    const builds = await context.builds();
    // A build is deterministic: one of each is the measurement, no iterations to take a median of.
    const app = firstLoad(builds.miniappDist);
    const template = firstLoad(builds.templateDist);
    const detail = `one build each, ${app.files.length} files vs ${template.files.length}`;
    const common = {
      benchmark: 'bundle',
      unit: 'kB',
      better: 'lower',
      baselineLabel: 'bare template',
      detail,
    } as const;
    report({
      ...common,
      metric: 'first-load JS+CSS gzip',
      subject: app.gzipBytes / 1000,
      baseline: template.gzipBytes / 1000,
    });
    report({
      ...common,
      metric: 'first-load JS+CSS raw',
      subject: app.rawBytes / 1000,
      baseline: template.rawBytes / 1000,
    });
  },
};
