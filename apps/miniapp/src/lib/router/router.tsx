import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import {
  matchRoute,
  useLocation as useMatchedPath,
  useRouter,
  Link as WouterLink,
  Route as WouterRoute,
  Router as WouterRouter,
  Switch as WouterSwitch,
} from 'wouter';
import type { AppLocation, KeyedHistory, NavigateOptions, NavigationTarget } from './keyed-history.ts';

export { useParams } from 'wouter';

const HistoryContext = createContext<KeyedHistory | null>(null);

function useHistory(): KeyedHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('The app router is missing: wrap the screens in <AppRouter>');
  return history;
}

/** wouter's location hook on a keyed history: the current path, and the history's navigation for links. */
function locationHookOf(history: KeyedHistory) {
  const path = () => history.location().pathname;
  return function useHistoryPath(): [string, KeyedHistory['navigate']] {
    // The same snapshot while hydrating a prerendered shell: the server chose the shell by the route
    // this path matches, and a shell shows nothing of its path's parameters.
    return [useSyncExternalStore(history.subscribe, path, path), history.navigate];
  };
}

/** The screens' router: wouter matches paths, the keyed history (browser, or memory in tests) keeps the entries. */
export function AppRouter({ history, children }: { history: KeyedHistory; children: ReactNode }) {
  const hook = useMemo(() => locationHookOf(history), [history]);
  return (
    <HistoryContext.Provider value={history}>
      <WouterRouter hook={hook}>{children}</WouterRouter>
    </HistoryContext.Provider>
  );
}

/** Where the app is: the path, the history entry's key ('default' on the first) and how it got there. */
export function useAppLocation(): AppLocation {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.location, history.location);
}

/** Go to a path (a new entry, or in the current one's place with `replace`), or -1: one entry back. */
export function useNavigate(): (to: NavigationTarget, options?: NavigateOptions) => void {
  return useHistory().navigate;
}

/** Whether the current path matches one of `patterns` (wouter's: '/agent/:agentId', '/you/*'). */
export function usePathMatcher(): (patterns: readonly string[]) => boolean {
  const { parser } = useRouter();
  const [path] = useMatchedPath();
  return (patterns) => patterns.some((pattern) => matchRoute(parser, pattern, path)[0]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The path: the link is an <a href> that navigates in the app (a modified click is the browser's). */
  to: string;
  replace?: boolean;
}
/** wouter's link, narrowed to the app's use: always a path (`to`), never a raw href or a child as the anchor. */
export const Link: (props: LinkProps) => ReturnType<typeof WouterLink> = WouterLink;

/** A screen's route: its children show while the path matches (no path: every path). */
export const Route = WouterRoute;

/** The first matching <Route> among its children. */
export const Switch = WouterSwitch;
