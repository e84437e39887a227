// What the owner's twin remembers of people (/you/people), loaded on demand (app/routes.tsx).
export { PeopleMemoryPage } from './components/PeopleMemoryPage.tsx';
