import { OwnerScreen, useOwnTwin } from '../../owner-screen/index.ts';
import { useActivity } from '../api/activity.ts';
import { activityTexts } from '../texts.ts';
import { ActivityList } from './ActivityList.tsx';

/** /you/activity: what the signed-in person's twin did, skipped work and drafts included. */
export function ActivityScreen() {
  const own = useOwnTwin();
  const activity = useActivity(own.twin?.agentId ?? null);
  return (
    <OwnerScreen
      own={own}
      query={activity}
      texts={activityTexts}
      intro={<p className="activity__meta">{activityTexts.ownerNote}</p>}
    >
      {(_, twin) => (
        <ActivityList activity={activity} agentId={twin.agentId} twinUsername={twin.farcasterClient.username} />
      )}
    </OwnerScreen>
  );
}

export default ActivityScreen;
