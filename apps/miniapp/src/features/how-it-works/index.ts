export { HowItWorksModal } from './components/HowItWorksModal.tsx';
