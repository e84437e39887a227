import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAppConfig } from './config.ts';

const GLOBAL = '__FARTWIN_CONFIG__';

/** index.html's async /app-config.js, not run yet. */
function pendingConfigScript() {
  const config = (globalThis as Record<string, unknown>)[GLOBAL];
  delete (globalThis as Record<string, unknown>)[GLOBAL];
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
  const script = document.createElement('script');
  // Not a script type the test DOM would try to fetch; the test plays its load and error events.
  script.setAttribute('type', 'text/x-not-loaded');
  script.setAttribute('src', '/app-config.js');
  document.head.append(script);
  return { config, script };
}

afterEach(() => {
  for (const script of document.querySelectorAll('script[src="/app-config.js"]')) script.remove();
});

describe('the run-time config, loaded async by index.html', () => {
  it('is read once its script has run', async () => {
    const { config, script } = pendingConfigScript();
    const loaded = loadAppConfig();
    (globalThis as Record<string, unknown>)[GLOBAL] = config;
    script.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toMatchObject({ mode: 'local', chainId: 8453 });
  });

  it('a script that failed to load fails loudly', async () => {
    const { script } = pendingConfigScript();
    const loaded = loadAppConfig();
    script.dispatchEvent(new Event('error'));
    await expect(loaded).rejects.toThrow('The app configuration from the server is missing or invalid');
  });

  it('an invalid config fails loudly', async () => {
    (globalThis as Record<string, unknown>)[GLOBAL] = { mode: 'local' };
    await expect(loadAppConfig()).rejects.toThrow('The app configuration from the server is missing or invalid');
  });
});
