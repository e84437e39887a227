// The directory of twins (/agents), loaded on demand (app/routes.tsx).
export { AgentsPage } from './components/AgentsPage.tsx';
