export { OnboardingChat } from './components/OnboardingChat.tsx';
