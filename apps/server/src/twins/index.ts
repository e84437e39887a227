// The twins' directory: records, the public view of a twin and the directory's routes.

export { cachedTwinCharacter } from './character-cache.ts';
export { ownedTwin, twinOf } from './owned-twin.ts';
export type { TwinRecord } from './repository.ts';
export { findTwin, findTwinsByOwner, insertTwin } from './repository.ts';
export { directoryRoutes } from './routes.ts';
