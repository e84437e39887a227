export { OnboardingChat } from './components/OnboardingChat.tsx';
export { canDeploy } from './hooks/onboarding-state.ts';
