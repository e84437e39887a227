// The twins' directory: records, the public view of a twin and the directory's routes.

export { cachedAgentCharacter } from './character-cache.ts';
export { agentOf, ownedAgent } from './owned-twin.ts';
export type { AgentRecord } from './repository.ts';
export { findAgent, findAgentsByOwner, insertAgent } from './repository.ts';
export { directoryRoutes } from './routes.ts';
