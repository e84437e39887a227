import { castShareStrings } from '../../../lib/strings.ts';
import { castAuthorName } from '../cast-question.ts';
import { useSharedCast } from '../hooks/useSharedCast.ts';
import '../cast-share.css';

/** The cast the app was opened with, quoted above the twin's chat: its author and text. Nothing for other launches. */
export function SharedCastQuote() {
  const cast = useSharedCast();
  if (!cast) return null;
  const { author } = cast;
  return (
    <figure className="shared-cast" aria-label={castShareStrings.quoteLabel} data-cast-hash={cast.hash}>
      <figcaption className="shared-cast__label">{castShareStrings.quoteLabel}</figcaption>
      <p className="shared-cast__author">
        {author.pfpUrl ? <img className="shared-cast__avatar" src={author.pfpUrl} alt="" /> : null}
        {author.displayName ? <strong>{author.displayName}</strong> : null}
        <span className="shared-cast__handle">{castAuthorName(author)}</span>
      </p>
      {cast.text.trim() ? <blockquote className="shared-cast__text">{cast.text}</blockquote> : null}
    </figure>
  );
}

/** Onboarding opened from a shared cast: the twin can give its take once it is deployed. */
export function SharedCastNoTwinNote() {
  const cast = useSharedCast();
  if (!cast) return null;
  return (
    <p className="shared-cast-note" role="note">
      {castShareStrings.noTwinNote(castAuthorName(cast.author))}
    </p>
  );
}
