// Twins' lives as the life index knows them, for request paths and jobs.

export type { LifeRow } from './lives.ts';
export { indexedLives, type Lives, lifeRows } from './lives.ts';
