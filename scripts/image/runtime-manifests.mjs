/**
 * Used by the Dockerfile's `deps` stage (plain Node, no tsx): narrows the workspace's package.json
 * files to what the compiled server needs at run time, before `npm install --omit=dev` installs
 * exactly that from package-lock.json.
 *
 * - The root keeps only the apps/server workspace and no dependencies of its own (those run the
 *   local stack: embedded Postgres, anvil).
 * - The server drops its @fartwin/* workspace dependencies: apps/server/dist/main.js has them bundled
 *   in (apps/server/build.ts checks that every other import is a declared dependency).
 *
 * Versions still come from package-lock.json; only what nothing needs any more is left out.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const edit = (file, change) => {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  change(manifest);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
};

edit('package.json', (root) => {
  root.workspaces = ['apps/server'];
  delete root.dependencies;
  delete root.scripts;
});

edit('apps/server/package.json', (server) => {
  for (const name of Object.keys(server.dependencies ?? {})) {
    if (name.startsWith('@fartwin/')) delete server.dependencies[name];
  }
  delete server.devDependencies;
});
