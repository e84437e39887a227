import type { ReactNode } from 'react';
import { Link, usePathMatcher } from '../../../lib/router/index.ts';
import { navigationStrings } from '../../../lib/strings.ts';
import { useFrame } from '../../../platform/frame/index.ts';
import { useAgentsByFid } from '../../agents/index.ts';
import { useClientBack } from '../hooks/useClientBack.ts';
import { tabsFor } from '../nav-tabs.ts';
import { NavIcon } from './NavIcon.tsx';
import '../navigation.css';

export interface NavBarProps {
  /**
   * An extra control at the end of the bar, for the screens' account state (web mode's "Sign in",
   * outside Farcaster clients). The slot is 44 px high like the tabs; nothing is shown without it.
   */
  children?: ReactNode;
}

/**
 * The bar at the bottom of every screen: the twin (home), Agents, Leaderboard and Actions. It sits
 * inside SafeArea and reaches down under the host's bottom inset (navigation.css).
 */
export function NavBar({ children }: NavBarProps) {
  const isCurrent = usePathMatcher();
  // The client's back control follows the same screens (where the client has one).
  useClientBack();
  const frame = useFrame();
  const owned = useAgentsByFid(frame.fid);
  const tabs = tabsFor((owned.data?.agents.length ?? 0) > 0);
  return (
    <nav className="nav-bar" aria-label={navigationStrings.label}>
      {tabs.map((tab) => {
        const current = isCurrent(tab.activeOn);
        return (
          <Link
            key={tab.to}
            to={tab.to}
            className={current ? 'nav-bar__tab nav-bar__tab--current' : 'nav-bar__tab'}
            aria-current={current ? 'page' : undefined}
          >
            <NavIcon name={tab.icon} />
            <span className="nav-bar__label">{tab.label}</span>
          </Link>
        );
      })}
      {children ? <div className="nav-bar__slot">{children}</div> : null}
    </nav>
  );
}
