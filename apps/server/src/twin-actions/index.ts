// What a twin does on its own: answers mentions and direct messages, posts and sends digests on its
// schedules, as the owner's switches (owner-controls/) allow.
export { startTwinActions, type TwinActions, type TwinActionsOptions } from './twin-actions.ts';
