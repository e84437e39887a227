import type { FeedCast } from '@fartwin/protocol';
import { EmbedList } from './EmbedList.tsx';
import { relativeTime } from './relative-time.ts';

/** One cast in a feed: author, text, embeds and how long ago. */
export function CastItem({ cast, apiUrl }: { cast: FeedCast; apiUrl: string }) {
  return (
    <li className="cast" data-cast-hash={cast.hash}>
      {cast.author.pfpUrl ? <img className="avatar" src={cast.author.pfpUrl} alt="" /> : <span className="avatar" />}
      <div className="cast-body">
        <p className="cast-header">
          <strong>{cast.author.displayName}</strong> <span className="muted">@{cast.author.username}</span>
          <time className="muted" dateTime={cast.createdAt} title={new Date(cast.createdAt).toLocaleString()}>
            {relativeTime(cast.createdAt)}
          </time>
        </p>
        {cast.text ? <p className="cast-text">{cast.text}</p> : null}
        <EmbedList embeds={cast.embeds} apiUrl={apiUrl} />
      </div>
    </li>
  );
}
