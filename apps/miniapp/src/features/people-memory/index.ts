// What the owner's twin remembers of people (issue 25 part 6): the /you/people screen, loaded on demand.
export { peopleMemoryKey, useForgetPeople, usePeopleMemory } from './api/people-memory.ts';
