import type { AgentActionKey } from '@fartwin/protocol';
import { PRODUCT_NAME, strings } from '../../lib/strings.ts';

/**
 * The /info page's own strings, beyond its title and the switches' labels and texts (those come from
 * strings.agentActionsTitle and the protocol's AGENT_ACTION_TEXTS).
 */
export const agentActionsTexts = {
  loading: 'Loading your twin’s actions…',
  noTwin: `You don't have a ${PRODUCT_NAME} yet. These actions are for your twin, once you create one.`,
  createTwin: `Create your ${PRODUCT_NAME}`,
  notInFrame: strings.notInFrame,
  loadFailed: (message: string) => `Could not load your twin’s actions: ${message}`,
  pausedLabel: 'Paused',
  pausedNote: 'Paused: your twin does nothing on its own (no replies, posts or digests). This chat still works.',
  pausedResume: 'Resume in Agent Actions',
  controlsFailed: (message: string) => `Could not load Pause and Ask me first: ${message}`,
  saving: 'Saving…',
  saveFailed: (message: string) => `Not saved: ${message}`,
  directMessagesUnavailable: 'Not available on this server.',
  summaryLabel: 'What this twin does',
  summary: {
    replyOnFarcaster: 'Replies when tagged',
    replyToDirectMessages: 'Answers DCs',
    contentWriter: 'Posts twice a day',
    notifications: 'Notifies its owner',
  } satisfies Record<AgentActionKey, string>,
  summaryNone: 'Takes no actions on its own',
  tryAgain: strings.tryAgain,
} as const;
