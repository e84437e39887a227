import type { AppConfig } from '@fartwin/protocol';

/**
 * The run-time config (/app-config.js), checked against the protocol's schema: config.ts and its zod
 * schemas are fetched on first use, after the first paint, so they stay out of the first load.
 */
export function loadAppConfigLazily(): Promise<AppConfig> {
  return import('./config.ts').then(({ loadAppConfig }) => loadAppConfig());
}
