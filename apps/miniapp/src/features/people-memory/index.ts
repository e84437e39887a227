// What the owner's twin remembers of people: the /you/people screen, loaded on demand.
export { peopleMemoryKey, useForgetPeople, usePeopleMemory } from './api/people-memory.ts';
