import { BackToYourTwin } from '../../../components/owner-screens/BackToYourTwin.tsx';
import { useAgentsByFid } from '../../agents/index.ts';
import { useFrame } from '../../frame/index.ts';
import { activityTexts } from '../texts.ts';
import { ActivityList } from './ActivityList.tsx';

/** /you/activity: what the signed-in person's twin did, skipped work and drafts included. */
export function ActivityScreen() {
  const frame = useFrame();
  const agents = useAgentsByFid(frame.fid);
  const twin = agents.data?.agents[0] ?? null;
  let body = <p>{activityTexts.signIn}</p>;
  if (frame.isLoading || (frame.fid !== null && agents.isPending)) {
    body = (
      <p className="loading-note" role="status">
        {activityTexts.loading}
      </p>
    );
  } else if (twin) {
    body = <ActivityList agentId={twin.agentId} owner twinUsername={twin.farcasterClient.username} />;
  } else if (frame.fid !== null) {
    body = <p>{activityTexts.noTwin}</p>;
  }
  return (
    <div className="page">
      <h1 className="page__title">{activityTexts.title}</h1>
      <p className="activity__meta">{activityTexts.ownerNote}</p>
      {body}
      <BackToYourTwin />
    </div>
  );
}

export default ActivityScreen;
