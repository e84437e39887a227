import { useQuery } from '@tanstack/react-query';
import { localNetwork, queryKeys } from '../api/local-network.ts';
import { CastItem } from './CastItem.tsx';

const FEED = { limit: 30 };
/** New casts (twins' welcome casts, quote casts) show within this long; casting refreshes at once. */
const REFRESH_MS = 3_000;

/** The local social network's latest casts, newest first. */
export function FeedPanel({ apiUrl }: { apiUrl: string }) {
  const feed = useQuery({
    queryKey: queryKeys.feed(FEED),
    queryFn: () => localNetwork.feed(apiUrl, FEED),
    refetchInterval: REFRESH_MS,
  });
  return (
    <section className="panel" data-testid="feed">
      <h2>Feed</h2>
      {feed.isError && !feed.data ? (
        <p className="error">Could not load the feed: {feed.error.message}</p>
      ) : !feed.data ? (
        <p className="muted">Loading…</p>
      ) : feed.data.length === 0 ? (
        <p className="muted">No casts yet.</p>
      ) : (
        <ol className="casts">
          {feed.data.map((cast) => (
            <CastItem key={cast.hash} cast={cast} apiUrl={apiUrl} />
          ))}
        </ol>
      )}
    </section>
  );
}
