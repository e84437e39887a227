import { SAMPLE_USER_FIDS } from '@fartwin/localstack/dev-accounts';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { FarcasterData } from '../providers/farcaster-data.ts';
import { buildCharacter } from '../twin/character.ts';
import { leaningChoices } from '../twin/characteristics.ts';
import { loadPersona } from '../twin/persona.ts';
import type { DeployService } from './deploy-service.ts';
import { hasAnyDeployment } from './deployment-store.ts';

/** Sample users whose twins the first local start deploys, so the directory has life in it. */
export const SAMPLE_TWIN_OWNERS = SAMPLE_USER_FIDS.slice(0, 3);

/**
 * Local mode, first start only (no deployment ever made): deploys the sample owners' twins through
 * the same pipeline users go through, each with the choices their casts lean to.
 */
export async function deploySampleTwins(deps: {
  db: Db;
  farcaster: FarcasterData;
  deploy: DeployService;
  logger: Logger;
}): Promise<void> {
  if (await hasAnyDeployment(deps.db)) return;
  await Promise.all(
    SAMPLE_TWIN_OWNERS.map(async (fid) => {
      const persona = await loadPersona(deps.farcaster, fid);
      if (!persona) throw new Error(`Sample user ${fid} is missing from the local network`);
      const choices = leaningChoices(persona.profile);
      const character = buildCharacter(persona.user, persona.casts, persona.profile, choices);
      const answer = await deps.deploy.deploy(fid, choices, character);
      if (answer.body.agentId) {
        deps.logger.info({ fid, agentId: answer.body.agentId, twin: answer.body.name }, 'sample twin deployed');
      } else {
        deps.logger.warn({ fid, answer: answer.body }, 'sample twin not deployed yet');
      }
    }),
  );
}
