import { useQuery } from '@tanstack/react-query';
import { castQuery } from '../api/local-network.ts';
import { castFromUrl } from '../compose/compose-url.ts';
import { LinkEmbed } from '../embeds/LinkEmbed.tsx';

/** A quoted cast: looked up in the local network by the hash in its URL. */
function QuotedCast({ url, username, hash, apiUrl }: { url: string; username: string; hash: string; apiUrl: string }) {
  const cast = useQuery(castQuery(apiUrl, hash));
  return (
    <blockquote className="quoted-cast" data-embed-cast={hash}>
      <p className="quoted-cast-author">
        {cast.data?.author.pfpUrl ? <img className="avatar avatar-small" src={cast.data.author.pfpUrl} alt="" /> : null}
        <strong>{cast.data?.author.displayName ?? username}</strong>{' '}
        <span className="muted">@{cast.data?.author.username ?? username}</span>
      </p>
      <p className="quoted-cast-text">
        {cast.data?.text ?? (cast.isError ? <a href={url}>A cast that is not on the local network</a> : '…')}
      </p>
    </blockquote>
  );
}

/** A cast's embeds, readable: quoted casts as cards, other URLs as their mini-app cards or links. */
export function EmbedList({ embeds, apiUrl }: { embeds: readonly string[]; apiUrl: string }) {
  if (embeds.length === 0) return null;
  return (
    <ul className="embeds" aria-label="Embeds">
      {embeds.map((url) => {
        const cast = castFromUrl(url);
        return (
          <li key={url}>
            {cast ? (
              <QuotedCast url={url} username={cast.username} hash={cast.hash} apiUrl={apiUrl} />
            ) : (
              <LinkEmbed url={url} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
