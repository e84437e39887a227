import type { ActivityItem } from '@fartwin/protocol';
import { requestErrorText } from '../../agent-actions/texts.ts';
import { useActivity } from '../api/activity.ts';
import { activityTexts } from '../texts.ts';
import { CastOpen } from './CastOpen.tsx';
import { DraftCard } from './DraftCard.tsx';
import '../activity.css';

/** A twin's activity, newest first, a page at a time: everything for its owner, its public casts otherwise. */
export function ActivityList({
  agentId,
  owner,
  twinUsername,
}: {
  agentId: string;
  owner: boolean;
  twinUsername: string;
}) {
  const activity = useActivity(agentId, owner);
  if (activity.isPending) {
    return (
      <p className="loading-note" role="status">
        {activityTexts.loading}
      </p>
    );
  }
  if (activity.isError) {
    return (
      <p className="toggle__error" role="alert">
        {activityTexts.loadFailed(requestErrorText(activity.error))}
      </p>
    );
  }
  const items = activity.data.pages.flatMap((page) => page.items);
  return (
    <>
      {items.length === 0 ? <p>{activityTexts.empty}</p> : null}
      <ul className="activity">
        {items.map((item) => (
          <li key={item.key} className="activity__item" data-activity={item.type} data-key={item.key}>
            <ItemView agentId={agentId} item={item} twinUsername={twinUsername} />
            <time className="activity__meta" dateTime={item.at}>
              {new Date(item.at).toLocaleString()}
            </time>
          </li>
        ))}
      </ul>
      {activity.hasNextPage ? (
        <button
          type="button"
          className="button button--small"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activityTexts.more}
        </button>
      ) : null}
    </>
  );
}

function ItemView({ agentId, item, twinUsername }: { agentId: string; item: ActivityItem; twinUsername: string }) {
  switch (item.type) {
    case 'writing':
      return (
        <>
          <strong>{activityTexts.kinds[item.kind]}</strong>
          {item.answered ? (
            <p className="activity__meta">{activityTexts.inReplyTo(item.answered.username, item.answered.text)}</p>
          ) : null}
          <p className="activity__text">{item.text}</p>
          {item.castHash ? <CastOpen hash={item.castHash} username={twinUsername} /> : null}
        </>
      );
    case 'skip':
      return <p>{activityTexts.skipped(activityTexts.skippedWhat[item.kind], item.reason)}</p>;
    case 'draft':
      return <DraftCard agentId={agentId} draft={item.draft} />;
  }
}
