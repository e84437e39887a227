// "Your twin" (/you), loaded on demand (app/routes.tsx).
export { YourTwinPage } from './components/YourTwinPage.tsx';
