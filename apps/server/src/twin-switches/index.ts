// A twin's switches, in one row per twin: the four /info switches the owner turns on and off,
// pause and "ask me first" beside them, and the schedules the post and digest switches run. The
// owner's routes (owner-controls/) change them; the twin's own actions (twin-actions/) and the fee
// keeper (economy/) obey them.
export { dueSlots, nextSlotAfter, SCHEDULE_STREAMS, type ScheduleStream } from './schedule.ts';
export { advanceSchedules, type DueSchedule, lockDueSchedules, writableSchedules } from './schedule-store.ts';
export {
  agentActionsFor,
  agentActionsOf,
  type ScheduledAction,
  type TwinSwitches,
  twinSwitchesFrom,
  twinSwitchesOf,
  twinSwitchesQuery,
  updateAgentActions,
  updateOwnerControls,
} from './switches.ts';
