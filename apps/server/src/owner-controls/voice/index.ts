// The twin's voice as its owner shapes it: the edits and their versions, and
// the learning from the owner's new casts (on demand and daily).
export { type CastLearningDeps, learnFromCasts } from './cast-learning.ts';
export { startCastLearning } from './learning-schedule.ts';
export { type VoiceRouteDeps, voiceRoutes } from './voice-routes.ts';
export { changeOwnerVoice, listVoiceVersions, readOwnerVoice, revertOwnerVoice } from './voice-service.ts';
