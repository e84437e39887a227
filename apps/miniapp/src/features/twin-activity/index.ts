export { ActivityList } from './components/ActivityList.tsx';
