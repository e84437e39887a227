import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const envSchema = z.object({
  DEVHOST_HOST: z.string().default('127.0.0.1'),
  DEVHOST_PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Where the mini-app is served (its own origin, as on a real client). */
  MINIAPP_URL: z.string().url().default('http://localhost:3001/'),
  /** The bot service, for the local social network. */
  API_URL: z.string().url().default('http://localhost:3001'),
  CHAIN_RPC_URL: z.string().url().default('http://127.0.0.1:8545'),
  /** Where the contracts bootstrap wrote the addresses (for the wallet's USDC balance). */
  DEPLOYMENT_FILE: z.string().optional(),
  DEVHOST_DIST: z.string().default(fileURLToPath(new URL('../dist', import.meta.url))),
  /** The dev host's origin as the bot service reaches it (notifications are sent there); default http://localhost:{port}. */
  DEVHOST_PUBLIC_URL: z.string().url().optional(),
  /** Where the client backend keeps app keys, installations and inboxes; in memory when unset. */
  DEVHOST_STATE_FILE: z.string().min(1).optional(),
});

export type DevhostServerConfig = ReturnType<typeof loadDevhostServerConfig>;

export function loadDevhostServerConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid dev host configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  return {
    host: e.DEVHOST_HOST,
    port: e.DEVHOST_PORT,
    distDir: e.DEVHOST_DIST,
    deploymentFile: e.DEPLOYMENT_FILE,
    publicUrl: (e.DEVHOST_PUBLIC_URL ?? `http://localhost:${e.DEVHOST_PORT}`).replace(/\/$/, ''),
    stateFile: e.DEVHOST_STATE_FILE,
    client: { miniappUrl: e.MINIAPP_URL, apiUrl: e.API_URL.replace(/\/$/, ''), rpcUrl: e.CHAIN_RPC_URL },
  };
}
