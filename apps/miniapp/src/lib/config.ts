import { APP_CONFIG_GLOBAL, type AppConfig, appConfigSchema } from '@fartwin/protocol';

/**
 * The run-time settings the bot service serves as /app-config.js. Validated once, so a broken
 * deployment fails loudly in the error boundary instead of half-working.
 */
export function readAppConfig(source: unknown = (globalThis as Record<string, unknown>)[APP_CONFIG_GLOBAL]): AppConfig {
  const parsed = appConfigSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`The app configuration from the server is missing or invalid: ${parsed.error.issues[0]?.message}`);
  }
  return parsed.data;
}

/**
 * Settles once /app-config.js has run or failed. index.html loads it `async`: only what loads after
 * the first paint reads it, so the first screen does not wait for that request.
 */
function appConfigScript(): Promise<void> {
  // The script has run (it sets the global), or every async script has settled (the page's load).
  if (APP_CONFIG_GLOBAL in globalThis || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => resolve();
    const script = document.querySelector('script[src="/app-config.js"]');
    script?.addEventListener('load', settled, { once: true });
    script?.addEventListener('error', settled, { once: true });
    window.addEventListener('load', settled, { once: true });
  });
}

/** The run-time settings, once their script has run. */
export async function loadAppConfig(): Promise<AppConfig> {
  await appConfigScript();
  return readAppConfig();
}
