import type { Migration } from 'kysely';
import * as localSocialNetwork from './0001_local_social_network.ts';

/** Every migration, in order. Names are permanent once released: add, never rename. */
export const migrations: Record<string, Migration> = {
  '0001_local_social_network': localSocialNetwork,
};
