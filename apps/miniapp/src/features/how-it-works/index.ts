export { HowItWorksButton } from './components/HowItWorksButton.tsx';
export { HowItWorksModal } from './components/HowItWorksModal.tsx';
