import { randomUUID } from 'node:crypto';
import { type DeployProgress, type DeployResponse, deployStepNames } from '@fartwin/protocol';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../platform/db/database.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { Character } from '../twin-mind/index.ts';
import type { DeployQueue } from './deploy-queue.ts';
import {
  createDeployment,
  type DeploymentRecord,
  failDeployment,
  findDeployment,
  reopenDeployment,
} from './deployment-store.ts';
import { deploySteps } from './steps.ts';

/** How long a deploy call waits for the pipeline before answering "still deploying". */
const DEFAULT_WAIT_MS = 120_000;
const POLL_MS = 200;

/** The queue would not take the deploy (the database is away, say). */
const NOT_STARTED = new Error('Your twin could not be started right now. Please try again in a moment.');
/** A repeated deploy call this soon after success, with the same choices, is a retry: same answer. */
const REPLAY_WINDOW_MS = 15 * 60_000;

export interface DeployAnswer {
  status: ContentfulStatusCode;
  body: DeployResponse;
}

const ALREADY_DEPLOYED: DeployAnswer = {
  status: 200,
  body: { action: 'NONE', text: 'You already have a Fartwin. Chat with it on the main screen.' },
};

/** The deploy call (POST /doppelganger/deploy/{fid}) over the pipeline's jobs. */
export function deployService(deps: { db: Db; queue: DeployQueue; waitMs?: number }) {
  const { db, queue } = deps;
  const waitMs = deps.waitMs ?? DEFAULT_WAIT_MS;

  async function waitForOutcome(ownerFid: number): Promise<DeploymentRecord | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const deployment = await findDeployment(db, ownerFid);
      if (deployment && deployment.status !== 'running') return deployment;
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * Starts the user's deployment, or continues a failed one from its first unfinished step, without
   * waiting for it: the deployment's row makes each attempt start once however many callers ask.
   */
  async function start(ownerFid: number, choices: string[], character: Character): Promise<void> {
    const started = await createDeployment(db, { ownerFid, agentId: randomUUID(), choices, character });
    if (started || (await reopenDeployment(db, ownerFid))) {
      try {
        await queue.enqueue(ownerFid);
      } catch {
        // Nobody will run it: failed at once, so the next call starts it again (not in 10 minutes).
        await failDeployment(db, ownerFid, { errorType: 'not_started', errorText: NOT_STARTED.message });
        throw new HttpError(503, 'deploy_not_started', NOT_STARTED.message, { 'retry-after': '5' });
      }
    }
  }

  return {
    start,

    /**
     * A completed deployment's answer again when the same choices come back soon after (a retry
     * whose first answer was lost); otherwise the user already has a twin: action NONE.
     */
    async answerForExistingTwin(ownerFid: number, choices: readonly string[]): Promise<DeployAnswer> {
      const deployment = await findDeployment(db, ownerFid);
      const isReplay =
        deployment?.status === 'completed' &&
        Date.now() - deployment.updatedAt.getTime() < REPLAY_WINDOW_MS &&
        JSON.stringify(deployment.choices) === JSON.stringify(choices);
      return isReplay ? answerFor(deployment) : ALREADY_DEPLOYED;
    },

    /**
     * Starts the user's deployment, or continues a failed one from its first unfinished step, and
     * waits for the outcome. Concurrent calls share one deployment: the database lets exactly one
     * of them queue each attempt, and all of them wait for the same outcome.
     */
    async deploy(ownerFid: number, choices: string[], character: Character): Promise<DeployAnswer> {
      await start(ownerFid, choices, character);
      const outcome = await waitForOutcome(ownerFid);
      if (!outcome) {
        return {
          status: 202,
          body: {
            metadata: { errorType: 'deploy_in_progress' },
            text: 'Your twin is still being deployed. Come back in a minute: it will be waiting for you.',
          },
        };
      }
      return answerFor(outcome);
    },

    async progress(ownerFid: number): Promise<DeployProgress> {
      const deployment = await findDeployment(db, ownerFid);
      return {
        state: deployment?.status ?? 'none',
        steps: deploySteps.map((step) => {
          const state = deployment?.steps[step.name];
          return {
            name: step.name,
            label: step.label,
            status: state?.status ?? 'pending',
            ...(state?.error ? { error: state.error } : {}),
          };
        }),
      };
    },
  };
}

export type DeployService = ReturnType<typeof deployService>;

function answerFor(deployment: DeploymentRecord): DeployAnswer {
  if (deployment.status === 'completed') {
    return {
      status: 200,
      body: {
        agentId: deployment.agentId,
        welcomeCastHash: deployment.welcomeCastHash ?? undefined,
        name: deployment.twinUsername ?? undefined,
        text: `Your Fartwin @${deployment.twinUsername} is live.`,
      },
    };
  }
  return {
    status: 503,
    body: {
      metadata: { errorType: deployment.errorType ?? 'deploy_failed' },
      text: deployment.errorText ?? 'Error deploying FarTwin.',
    },
  };
}

// The protocol lists the steps; the pipeline must have exactly those, in that order.
if (deploySteps.map((step) => step.name).join() !== deployStepNames.join()) {
  throw new Error('deploySteps must match the protocol’s deployStepNames');
}
