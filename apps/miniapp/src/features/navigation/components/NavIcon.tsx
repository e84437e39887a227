import type { NavIconName } from '../nav-tabs.ts';

/** 24×24 outline glyphs, drawn with the text colour. */
const paths: Record<NavIconName, string> = {
  // A face: the user's twin.
  twin: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M9 10h.01M15 10h.01M8.5 14.5c1.9 1.8 5.1 1.8 7 0',
  // A grid of cards: the directory.
  agents: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  // A podium.
  leaderboard: 'M3 20h18M5 20v-6h4v6M10 20V8h4v12M15 20v-9h4v9',
  // Switches: the agent's actions.
  // A person with a pencil: the owner's own twin, its voice.
  you: 'M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8M3 21v-1a6 6 0 0 1 9-5.2M15 21l1-3l5-5l2 2l-5 5z',
  actions: 'M7 7h10a3 3 0 0 1 0 6H7a3 3 0 0 1 0-6M7 10h.01M7 15h10a3 3 0 0 1 0 6H7a3 3 0 0 1 0-6M17 18h.01',
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      className="nav-bar__icon"
      viewBox="0 0 24 24"
      width={22}
      height={22}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
