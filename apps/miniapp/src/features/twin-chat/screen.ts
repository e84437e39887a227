// A twin's page (/agent/{agentId}), loaded on demand (app/routes.tsx).
export { AgentPage } from './components/AgentPage.tsx';
