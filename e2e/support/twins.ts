import {
  type Agent,
  type AgentsByFidResponse,
  agentsByFidResponseSchema,
  agentsResponseSchema,
  apiPaths,
} from '@fartwin/protocol';
import { expect } from '@playwright/test';
import { stack } from './stack.ts';

/** What the bot service answers for a user: their twins, or the questions that build one. */
export async function agentsOf(fid: number): Promise<AgentsByFidResponse> {
  const response = await fetch(new URL(apiPaths.agentsByFid(fid), stack.serverUrl));
  if (!response.ok) throw new Error(`GET ${apiPaths.agentsByFid(fid)} answered ${response.status}`);
  return agentsByFidResponseSchema.parse(await response.json());
}

/**
 * The twin of `fid`. The sample twins deploy in the background on the stack's first start, so this
 * waits for them.
 */
export async function twinOf(fid: number): Promise<Agent> {
  let twin: Agent | undefined;
  await expect
    .poll(
      async () => {
        twin = (await agentsOf(fid)).agents[0];
        return twin?.agentId ?? null;
      },
      { message: `the twin of fid ${fid} is deployed`, timeout: 45_000 },
    )
    .not.toBeNull();
  return twin!;
}

/** A twin as the bot service's index has it now (its battery as indexed), by its id. */
export async function indexedTwin(agentId: string): Promise<Agent | undefined> {
  const path = `${apiPaths.agents}?${new URLSearchParams({ agentId })}`;
  const response = await fetch(new URL(path, stack.serverUrl));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return agentsResponseSchema.parse(await response.json()).agents[0];
}
