import {
  castLearningResponseSchema,
  type OwnerVoice,
  type OwnerVoiceResponse,
  ownerVoicePaths,
  ownerVoiceResponseSchema,
  voiceVersionsResponseSchema,
} from '@fartwin/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActionState } from 'react';
import { apiJson } from '../../../lib/api-client.ts';

export const ownerVoiceKey = (agentId: string | null) => ['owner-voice', agentId] as const;
export const voiceVersionsKey = (agentId: string | null) => ['owner-voice-versions', agentId] as const;

/** GET /doppelganger/voice/{agentId}: the twin's voice, as its owner (signed in) edits it. */
export function useOwnerVoice(agentId: string | null) {
  return useQuery({
    queryKey: ownerVoiceKey(agentId),
    queryFn: () => apiJson(ownerVoicePaths.voice(agentId!), ownerVoiceResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** GET /doppelganger/voice/{agentId}/versions: every saved voice, newest first. */
export function useVoiceVersions(agentId: string | null) {
  return useQuery({
    queryKey: voiceVersionsKey(agentId),
    queryFn: () => apiJson(ownerVoicePaths.versions(agentId!), voiceVersionsResponseSchema, { auth: true }),
    enabled: agentId !== null,
  });
}

/** After a save or a revert: the answer is the voice now, and the versions grew by one. */
function useVoiceSaved(agentId: string) {
  const queryClient = useQueryClient();
  return (saved: OwnerVoiceResponse) => {
    queryClient.setQueryData(ownerVoiceKey(agentId), saved);
    void queryClient.invalidateQueries({ queryKey: voiceVersionsKey(agentId) });
  };
}

/** What the last save of the voice form came to: nothing yet, saved, or the request's error. */
export type VoiceSaveOutcome = { saved: true } | { error: unknown } | null;

/**
 * PUT /doppelganger/voice/{agentId}, as the voice form's action: the last save's outcome, the
 * action, and whether a save is under way.
 */
export function useSaveVoice(agentId: string) {
  const onSuccess = useVoiceSaved(agentId);
  return useActionState<VoiceSaveOutcome, OwnerVoice>(async (_last, voice) => {
    try {
      onSuccess(
        await apiJson(ownerVoicePaths.voice(agentId), ownerVoiceResponseSchema, {
          method: 'PUT',
          body: voice,
          auth: true,
        }),
      );
      return { saved: true };
    } catch (error) {
      return { error };
    }
  }, null);
}

/** POST /doppelganger/voice/{agentId}/revert. */
export function useRevertVoice(agentId: string) {
  const onSuccess = useVoiceSaved(agentId);
  return useMutation({
    mutationFn: (version: number) =>
      apiJson(ownerVoicePaths.revert(agentId), ownerVoiceResponseSchema, {
        method: 'POST',
        body: { version },
        auth: true,
      }),
    onSuccess,
  });
}

/** POST /doppelganger/voice/{agentId}/learn: "Refresh from my casts". */
export function useLearnFromCasts(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson(ownerVoicePaths.learn(agentId), castLearningResponseSchema, { method: 'POST', auth: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ownerVoiceKey(agentId) }),
  });
}
