// The owner teaches the twin by example: "How I'd say it" on Activity, the list on "Your twin".
export { OwnerExamples } from './components/OwnerExamples.tsx';
export { RewriteReply } from './components/RewriteReply.tsx';
