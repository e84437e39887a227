/**
 * What the image check runs the container against, on this machine: a throwaway Postgres and a
 * local chain (anvil) with the contracts deployed, on free loopback ports. Prints one JSON line
 * (database URL, RPC URL, contract addresses) once both are ready; stops both on SIGTERM/SIGINT.
 *
 *   node --import tsx scripts/image/backends.ts <data-dir>
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapLocalChain } from '@fartwin/contracts/deployment';
import { startAnvil, startPostgres } from '@fartwin/localstack';

const dataDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'fartwin-image-check-'));
const postgres = await startPostgres({ dataDir: join(dataDir, 'pg'), persistent: false });
const anvil = await startAnvil();
const stop = async () => {
  await anvil.stop();
  await postgres.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

const deployment = await bootstrapLocalChain({
  rpcUrl: anvil.rpcUrl,
  deploymentFile: join(dataDir, 'deployment.json'),
});
console.log(
  JSON.stringify({
    databaseUrl: await postgres.createDatabase('fartwin'),
    rpcUrl: anvil.rpcUrl,
    usdc: deployment.usdc,
    fartwinLife: deployment.fartwinLife,
  }),
);
setInterval(() => {}, 60_000);
