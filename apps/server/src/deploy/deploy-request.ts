import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import { buildCharacter, choicesProblem, personaOf } from '../twin-mind/index.ts';
import { findTwinsByOwner } from '../twins/index.ts';
import { assertDeployBudgetLeft } from './deploy-budget.ts';
import type { DeployAnswer, DeployService } from './deploy-service.ts';

/**
 * One deploy call (POST /doppelganger/deploy/{fid}) with the answers to its questions: a user with a twin gets
 * the existing twin's answer; otherwise, within the day's deploy budget and with choices that fit
 * the user's questions, the twin built from their persona is deployed through the pipeline.
 */
export async function deployRequest(
  deps: { db: Db; deploy: DeployService; farcaster: FarcasterData; maxDeploysPerDay: number },
  fid: number,
  choices: string[],
): Promise<DeployAnswer> {
  const { db, deploy } = deps;
  if ((await findTwinsByOwner(db, fid)).length > 0) return deploy.answerForExistingTwin(fid, choices);
  await assertDeployBudgetLeft(db, fid, deps.maxDeploysPerDay);
  const persona = await personaOf(deps.farcaster, fid);
  const problem = choicesProblem(persona.characteristics, choices);
  if (problem) throw new HttpError(400, 'invalid_choices', problem);
  const character = buildCharacter(persona.user, persona.casts, persona.profile, choices);
  return deploy.deploy(fid, choices, character);
}
