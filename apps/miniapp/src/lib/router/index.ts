export { createBrowserHistory } from './browser-history.ts';
export type { AppLocation, KeyedHistory, NavigationTarget, NavigationType } from './keyed-history.ts';
export { FIRST_ENTRY_KEY } from './keyed-history.ts';
export { createMemoryHistory } from './memory-history.ts';
export {
  AppRouter,
  Link,
  type LinkProps,
  Route,
  Switch,
  useAppLocation,
  useNavigate,
  useParams,
  usePathMatcher,
} from './router.tsx';
