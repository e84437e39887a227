import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app/App.tsx';
import { hydrateAppRoot } from './app/root.ts';
import { renderShell } from './shell.tsx';
import { createFakeServer, directory, makeAgent, withTwin } from './test/fake-server.ts';
import { ownRoot } from './test/own-root.ts';
import { asTopLevelPage, host, sdk, userContext } from './test/sdk-double.ts';
import { storeWebSession } from './test/stored-web-session.ts';

const SCREENS = ['/', '/agents', '/agent/agent-1', '/leaderboard', '/info'] as const;

afterEach(() => window.history.replaceState(null, '', '/'));

/** The bot service's answers for every screen: the user owns a twin, the directory lists it. */
function serveTwin() {
  const server = createFakeServer();
  server.on('GET /doppelganger/agents', directory([makeAgent()]));
  server.on('GET /doppelganger/agents/42', withTwin());
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

/**
 * React's server renderer leaves its mark on each context it rendered, and the browser's renderer
 * then warns of two renderers at once (a check of development builds only). In a browser the shell
 * comes from the build, not from the page's own React, so that one warning is not the page's.
 */
const BOTH_RENDERERS_HERE = 'Detected multiple renderers concurrently rendering the same context provider';

/** What the page reported on the console: a mismatch, a recovery, a render error. */
const reported = (errors: { mock: { calls: unknown[][] } }) =>
  errors.mock.calls.filter(([what]) => !String(what).startsWith(BOTH_RENDERERS_HERE));

/**
 * The page as the server sends it (the shell of `path` in #root, the browser at `path`), taken over
 * as main.tsx does, as in a browser (React's own scheduling, no act()); each console report is kept.
 */
async function hydrateShellAt(path: string, shellPath = path) {
  const html = await renderShell(shellPath);
  window.history.replaceState(null, '', path);
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
  let shellNodes: Element[] = [];
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const { container } = ownRoot((shell) => {
    shellNodes = [...shell.querySelectorAll('.safe-area, main, nav')];
    return hydrateAppRoot(shell, app);
  }, html);
  return { html, container, errors, shellNodes };
}

describe("each screen's prerendered shell is taken over as it is", () => {
  it.each(SCREENS)('%s on a top-level page with someone signed in: no mismatch, the shell kept', async (path) => {
    asTopLevelPage();
    storeWebSession({ fid: 42, username: 'alice' });
    serveTwin();
    const { html, container, errors, shellNodes } = await hydrateShellAt(path);

    // The shell is the screen's loading state: no one's data, no sign-in control.
    expect(html).toContain('<nav');
    expect(html).not.toMatch(/sign (in|out)/i);
    // Taken over, then the page is the signed-in web user's (web mode's "Sign out" in the bar).
    await waitFor(() => expect(screen.getByRole('button', { name: /sign out/i })).toBeTruthy());
    // Hydrated: the shell's own nodes are the page's, not nodes rendered again after a mismatch.
    for (const node of shellNodes) expect(container.contains(node)).toBe(true);
    expect(reported(errors)).toEqual([]);
    // A top-level page never tells a host it is ready, not even while its shell is taken over.
    expect(sdk.actions.ready).not.toHaveBeenCalled();
  });

  it.each(SCREENS)('%s inside a client: no mismatch, then the start-up runs and says ready()', async (path) => {
    host.context = Promise.resolve(userContext(42));
    serveTwin();
    const { container, errors, shellNodes } = await hydrateShellAt(path);

    await waitFor(() => expect(sdk.actions.ready).toHaveBeenCalledTimes(1));
    // The client's safe-area insets reach the frame once its context is read.
    await waitFor(() => expect(container.querySelector<HTMLElement>('.safe-area')?.style.cssText).toContain('12px'));
    for (const node of shellNodes) expect(container.contains(node)).toBe(true);
    expect(reported(errors)).toEqual([]);
  });

  it('a page that does not match its shell is reported, and the app still shows (a check of the check)', async () => {
    asTopLevelPage();
    serveTwin();
    const { errors } = await hydrateShellAt('/leaderboard', '/agents');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Leaderboard' })).toBeTruthy());
    expect(reported(errors).some(([what]) => String(what).startsWith('Recovered by rendering again'))).toBe(true);
  });
});
