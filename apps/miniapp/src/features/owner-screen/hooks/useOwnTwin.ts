import type { Agent } from '@fartwin/protocol';
import { useFrame } from '../../../platform/frame/index.ts';
import { useAgentsByFid } from '../../agents/index.ts';

/**
 * Where the signed-in person stands with their own twin, the first rungs every owner screen climbs:
 * still finding out, signed out, their twins could not be read, no twin yet, or their twin.
 * `twin` is set only when it is known, so a screen can key its own request on `twin?.agentId`.
 */
export type OwnTwin =
  | { status: 'loading'; twin: null }
  | { status: 'signed-out'; twin: null }
  | { status: 'failed'; twin: null; error: unknown; retry: () => void }
  | { status: 'no-twin'; twin: null }
  | { status: 'ready'; twin: Agent };

/** The signed-in person's twin (the client's user, or web mode's signed-in one), as an owner screen needs it. */
export function useOwnTwin(): OwnTwin {
  const frame = useFrame();
  const agents = useAgentsByFid(frame.fid);
  if (frame.isLoading) return { status: 'loading', twin: null };
  if (frame.fid === null) return { status: 'signed-out', twin: null };
  // Twins already read stay shown through a failed re-read.
  if (agents.data) {
    const twin = agents.data.agents[0];
    return twin ? { status: 'ready', twin } : { status: 'no-twin', twin: null };
  }
  if (agents.isError) return { status: 'failed', twin: null, error: agents.error, retry: () => void agents.refetch() };
  return { status: 'loading', twin: null };
}
