export { NavBar, type NavBarProps } from './components/NavBar.tsx';
export { useLeaveScreen } from './hooks/useLeaveScreen.ts';
export { navTabs } from './nav-tabs.ts';
