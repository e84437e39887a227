import type { FeedCast } from '@fartwin/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { castQuery, localNetwork, queryKeys } from '../api/local-network.ts';
import { CastItem } from './CastItem.tsx';
import { threadCasts } from './threads.ts';

/** Enough casts that a thread's replies are loaded with it (the network's maximum page). */
const FEED = { limit: 100 };
/** Casts from elsewhere (a twin's reply, its own posts) show within this long; casting refreshes at once. */
const REFRESH_MS = 2_000;

interface Props {
  apiUrl: string;
  /** Opens the composer for a reply to `cast`; without it casts have no Reply button. */
  onReply?: (cast: FeedCast) => void;
  /** Opens the mini-app from the client's share extension with `cast`; without it casts have no share button. */
  onShare?: (cast: FeedCast) => void;
}

/** The local social network's latest casts as threads: newest first, each reply nested under its parent. */
export function FeedPanel({ apiUrl, onReply, onShare }: Props) {
  const feed = useQuery({
    queryKey: queryKeys.feed(FEED),
    queryFn: () => localNetwork.feed(apiUrl, FEED),
    refetchInterval: REFRESH_MS,
  });
  const threads = useMemo(() => threadCasts(feed.data ?? []), [feed.data]);
  const queryClient = useQueryClient();
  const reply = onReply
    ? (cast: FeedCast) => {
        // The composer says whom the reply answers without reading the cast again.
        queryClient.setQueryData(castQuery(apiUrl, cast.hash).queryKey, cast);
        onReply(cast);
      }
    : undefined;

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
          {threads.map(({ cast, replies }) => (
            <CastItem
              key={cast.hash}
              cast={cast}
              replies={replies}
              apiUrl={apiUrl}
              {...(reply ? { onReply: reply } : {})}
              {...(onShare ? { onShare } : {})}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
