/** `npm run reset`: wipes the local database, chain state and logs in .data/. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './stack/start-stack.ts';

const dataDir = join(REPO_ROOT, '.data');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start begins with a fresh database and chain.`);
