// What the signed-in person's twin did, drafts included (/you/activity), loaded on demand (app/routes.tsx).
export { ActivityScreen } from './components/ActivityScreen.tsx';
