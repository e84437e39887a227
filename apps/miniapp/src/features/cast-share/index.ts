export { castAuthorName, castQuestion } from './cast-question.ts';
export { SharedCastNoTwinNote, SharedCastQuote } from './components/SharedCastQuote.tsx';
export { useSharedCast } from './hooks/useSharedCast.ts';
export { useSharedCastQuestion } from './hooks/useSharedCastQuestion.ts';
