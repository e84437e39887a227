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
