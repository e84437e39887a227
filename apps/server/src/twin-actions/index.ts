// What a twin does on its own: answers mentions and direct messages, posts and sends digests on its
// schedules, as the owner's switches (owner-controls/) allow.

export type { TwinActionDeps } from './deps.ts';
export type { DraftReview } from './drafts.ts';
export { toDraft } from './drafts.ts';
export {
  incomingCastFromNeynar,
  isNeynarSignatureValid,
  NEYNAR_SIGNATURE_HEADER,
  neynarCastCreatedSchema,
} from './mentions/neynar-cast.ts';
export type { ThankYouJob, ThankYouOutcome } from './revivals/thank-you.ts';
export { thankReviver, thankYouFailed } from './revivals/thank-you.ts';
export { startTwinActions, type TwinActions, type TwinActionsOptions } from './twin-actions.ts';
export { writingKeys } from './writing-keys.ts';
