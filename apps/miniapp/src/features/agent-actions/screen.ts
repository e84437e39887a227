// The "Agent Actions" switches of the signed-in person's twin (/info), loaded on demand (app/routes.tsx).
export { InfoPage } from './components/InfoPage.tsx';
