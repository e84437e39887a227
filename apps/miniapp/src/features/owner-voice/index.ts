export { ownerVoiceTexts } from './texts.ts';
