import type { ActivityItem } from '@fartwin/protocol';
import { requestErrorText } from '../../../lib/request-error.ts';
import { RewriteReply } from '../../owner-examples/index.ts';
import type { useActivity } from '../api/activity.ts';
import { activityTexts } from '../texts.ts';
import { CastOpen } from './CastOpen.tsx';
import { DraftCard } from './DraftCard.tsx';
import '../activity.css';

/**
 * A twin's activity as its owner sees it, newest first, a page at a time (the screen reads it, and
 * reads it again on its own: api/activity.ts), with a Refresh for what the twin did meanwhile.
 */
export function ActivityList({
  activity,
  agentId,
  twinUsername,
}: {
  activity: ReturnType<typeof useActivity>;
  agentId: string;
  twinUsername: string;
}) {
  // The screen shows the list once its first page is read.
  if (!activity.data) return null;
  const items = activity.data.pages.flatMap((page) => page.items);
  // A re-read of the loaded pages (the Refresh button, the page back in sight, every 30 s), not "Show older".
  const refreshing = activity.isRefetching;
  return (
    <>
      <div className="activity__toolbar">
        <button
          type="button"
          className="button button--small"
          disabled={refreshing}
          onClick={() => void activity.refetch()}
        >
          {refreshing ? activityTexts.refreshing : activityTexts.refresh}
        </button>
      </div>
      {/* A later read that failed (a refresh, older items): said here, what was read stays. */}
      {activity.isError ? (
        <p className="toggle__error" role="alert">
          {activityTexts.loadFailed(requestErrorText(activity.error))}
        </p>
      ) : null}
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
          {item.policy && item.policy.length > 0 ? (
            <p className="activity__meta">{activityTexts.policy(item.policy)}</p>
          ) : null}
          {item.castHash ? <CastOpen hash={item.castHash} username={twinUsername} /> : null}
          {/* A reply to someone's cast: the owner can say how they would have answered it. */}
          {item.answered?.text ? <RewriteReply agentId={agentId} writingKey={item.key} text={item.text} /> : null}
        </>
      );
    case 'skip':
      return <p>{activityTexts.skipped(activityTexts.skippedWhat[item.kind], item.reason)}</p>;
    case 'draft':
      return <DraftCard agentId={agentId} draft={item.draft} />;
  }
}
