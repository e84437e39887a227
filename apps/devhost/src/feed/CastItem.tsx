import type { FeedCast } from '@fartwin/protocol';
import { useQuery } from '@tanstack/react-query';
import { castQuery } from '../api/local-network.ts';
import { EmbedList } from './EmbedList.tsx';
import { splitMentions } from './mentions.ts';
import { relativeTime } from './relative-time.ts';
import type { CastThread } from './threads.ts';

/** Replies are indented under their parent down to this depth; deeper ones line up with it. */
const MAX_INDENT_DEPTH = 3;

interface Props {
  cast: FeedCast;
  apiUrl: string;
  /** The replies the feed loaded (threads); none in lists that show casts alone. */
  replies?: readonly CastThread[];
  /** Shows a Reply button that calls this; without it the cast cannot be replied to from here. */
  onReply?: (cast: FeedCast) => void;
  /** Shows a "Share to Fartwin" button (the client's share extension) that calls this. */
  onShare?: (cast: FeedCast) => void;
  /** How deep in a thread the cast is: 0 for a top-level one. */
  depth?: number;
  /**
   * Whom the cast answers, when its parent is shown but not above it (past the indent cap): its
   * author's username. Replies to casts that are not shown look theirs up.
   */
  replyingTo?: string;
  /** Whether the parent is shown too (the cast is nested under it); if not, a reply says whom it answers. */
  parentShown?: boolean;
}

/** Who a reply answers, when its parent is not in the list: looked up by hash. */
function ReplyingTo({ hash, apiUrl }: { hash: string; apiUrl: string }) {
  const parent = useQuery(castQuery(apiUrl, hash));
  return (
    <p className="cast-replying-to muted">
      {parent.data
        ? `Replying to @${parent.data.author.username}`
        : parent.isError
          ? 'Replying to a cast that is not on the local network'
          : 'Replying to a cast'}
    </p>
  );
}

/** A cast's text, with @usernames standing out. */
function CastText({ text }: { text: string }) {
  return (
    <p className="cast-text">
      {splitMentions(text).map((part, index) =>
        part.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move.
          <span key={index} className="mention">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** One cast in a feed: author, text, embeds and how long ago, with the replies to it nested under it. */
export function CastItem({
  cast,
  apiUrl,
  replies = [],
  onReply,
  onShare,
  depth = 0,
  replyingTo,
  parentShown = false,
}: Props) {
  const indented = depth + 1 <= MAX_INDENT_DEPTH;
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
        {replyingTo ? (
          <p className="cast-replying-to muted">{`Replying to @${replyingTo}`}</p>
        ) : cast.parentHash && !parentShown ? (
          <ReplyingTo hash={cast.parentHash} apiUrl={apiUrl} />
        ) : null}
        {cast.text ? <CastText text={cast.text} /> : null}
        <EmbedList embeds={cast.embeds} apiUrl={apiUrl} />
        {onReply || onShare ? (
          <div className="cast-actions">
            {onReply ? (
              <button type="button" className="link-button" onClick={() => onReply(cast)}>
                Reply
              </button>
            ) : null}
            {onShare ? (
              <button type="button" className="link-button" onClick={() => onShare(cast)}>
                Share to Fartwin
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {replies.length > 0 ? (
        <ol
          className={indented ? 'cast-replies' : 'cast-replies cast-replies-flat'}
          aria-label={`Replies to @${cast.author.username}`}
        >
          {replies.map((reply) => (
            <CastItem
              key={reply.cast.hash}
              cast={reply.cast}
              replies={reply.replies}
              apiUrl={apiUrl}
              {...(onReply ? { onReply } : {})}
              {...(onShare ? { onShare } : {})}
              depth={depth + 1}
              parentShown
              {...(indented ? {} : { replyingTo: cast.author.username })}
            />
          ))}
        </ol>
      ) : null}
    </li>
  );
}
