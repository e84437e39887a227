// Twins' lives as the life index knows them, for request paths and jobs.
export { indexedLives, type Lives } from './lives.ts';
