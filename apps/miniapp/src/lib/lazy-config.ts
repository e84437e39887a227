import type { AppConfig } from '@fartwin/protocol';

/**
 * The run-time config (/app-config.js), checked: config.ts is fetched on first use, after the first
 * paint, so the first load neither waits for it nor for /app-config.js.
 */
export function loadAppConfigLazily(): Promise<AppConfig> {
  return import('./config.ts').then(({ loadAppConfig }) => loadAppConfig());
}
