import type { Logger } from 'pino';
import type { PublicClient } from 'viem';
import { buildManifest, InvalidManifestError, manifestProblems } from './manifest/index.ts';
import { operatorBalance, operatorOwnsLifeContract } from './platform/chain/operator-checks.ts';
import type { ServerConfig } from './platform/config/config.ts';
import type { Services } from './services.ts';

/*
 * What a replica checks of its setup as it starts: in production, what is wrong refuses the start
 * or is said at once in the log; locally, the same checks warn where local URLs are expected.
 */

/** The operator's setup is refused by the configuration: the server does not start. */
export class OperatorSetupError extends Error {
  override name = 'OperatorSetupError';
}

/**
 * Production start-up: the operator's key should not own the life contract (warn, or refuse when
 * OPERATOR_OWNS_LIFE_CONTRACT=refuse), and a low balance is said at once.
 */
export async function checkOperatorSetup(
  deps: { config: ServerConfig; chain: PublicClient; logger: Logger },
  services: Pick<Services, 'contracts' | 'operator'>,
): Promise<void> {
  if (deps.config.mode !== 'production') return;
  const contracts = services.contracts();
  if (!contracts) return;
  const operator = services.operator.account.address;
  // A chain that does not answer at start-up is /health/ready's to report, not a reason not to start.
  const owns = await operatorOwnsLifeContract(deps.chain, operator, contracts).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'could not check who owns the life contract');
    return null;
  });
  if (owns && deps.config.operatorOwnsLifeContract === 'refuse') throw new OperatorSetupError(owns);
  if (owns) deps.logger.warn(owns);
  const balance = await operatorBalance(deps.chain, operator, contracts).catch(() => null);
  if (balance?.low) deps.logger.warn({ operator, balance: balance.detail }, 'operator balance is low');
}

/** The Farcaster manifest the app serves: refused in production when invalid (localhost URLs are not https). */
export async function checkedManifest(
  config: ServerConfig,
  logger: Logger,
): Promise<Awaited<ReturnType<typeof buildManifest>>> {
  const manifest = await buildManifest(config);
  const problems = manifestProblems(manifest);
  if (problems.length > 0) {
    if (config.mode === 'production') {
      throw new InvalidManifestError(`The Farcaster manifest is invalid: ${problems.join('; ')}`);
    }
    logger.warn({ problems }, 'manifest is not valid for production (expected with local URLs)');
  }
  return manifest;
}

/** Production settings left out that a replica can run without, each said once as it starts. */
export function warnMissingSettings(config: ServerConfig, logger: Logger): void {
  if (config.mode !== 'production') return;
  if (!config.baseNotifications) {
    logger.warn('BASE_NOTIFICATIONS_API_KEY is not set: owners in the Base App get no notifications');
  }
  if (config.role !== 'worker' && config.neynarWebhookSecrets.length === 0) {
    logger.warn('NEYNAR_WEBHOOK_SECRET is not set: twins will not reply when tagged on Farcaster');
  }
}
