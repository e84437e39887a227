import { PathForm } from './PathForm.tsx';

/** The mini-app's pages a person may want to jump to: nothing on its main screen links to them. */
const PAGES = ['/', '/agents', '/leaderboard', '/info'] as const;

/**
 * Opens the mini-app at one of its paths, as a link to it in a cast would (a client has no address
 * bar, so this panel plays the link).
 */
export function OpenAtPanel({ miniappUrl, onOpen }: { miniappUrl: string; onOpen: (path: string) => void }) {
  return (
    <section className="panel" data-testid="open-at">
      <h2>Open the mini-app at</h2>
      <div className="button-row">
        {PAGES.map((page) => (
          <button key={page} type="button" className="button-secondary" onClick={() => onOpen(page)}>
            {page}
          </button>
        ))}
      </div>
      <PathForm
        miniappUrl={miniappUrl}
        label="Path or link"
        submitLabel="Open"
        placeholder="/agent/…"
        onOpen={onOpen}
      />
    </section>
  );
}
