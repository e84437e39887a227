import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { miniappDist, repoRoot, templateDist, templateRoot } from './paths.ts';
import { progress } from './progress.ts';

const run = promisify(execFile);

export interface Builds {
  miniappDist: string;
  templateDist: string;
}

async function npmRun(...args: string[]): Promise<void> {
  try {
    await run('npm', ['run', ...args], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/**
 * Builds the mini-app as `npm run build` does (its ABIs come from the contracts build, which is a
 * no-op when the sources are unchanged), into bench/dist, and the bare template with the mini-app's
 * Vite settings (React plugin, es2022, source maps, brotli and gzip copies), so both bundles differ only in what they contain.
 */
export async function buildBoth(): Promise<Builds> {
  progress('building the mini-app (npm run build -w @fartwin/miniapp, into bench/dist)');
  await npmRun('build', '-w', '@fartwin/contracts');
  await npmRun('build', '-w', '@fartwin/miniapp', '--', '--outDir', miniappDist, '--emptyOutDir');
  progress('building the bare mini-app template (bench/template)');
  await build({
    root: templateRoot,
    configFile: false,
    logLevel: 'error',
    // The mini-app's compression too (apps/miniapp/vite.config.ts), so both are served alike.
    plugins: [
      react(),
      compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.html$/], logLevel: 'silent' }),
    ],
    build: { target: 'es2022', sourcemap: true, outDir: templateDist, emptyOutDir: true },
  });
  return { miniappDist, templateDist };
}
