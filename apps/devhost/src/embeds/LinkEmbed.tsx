import { useQuery } from '@tanstack/react-query';
import { callJson } from '../api/json-call.ts';
import { embedCardPath, embedCardSchema } from './embed-card.ts';
import './embeds.css';

/**
 * A link in a cast, as a client's feed shows it: the mini-app card of its page (its image and
 * button) when the page has one, else the plain link. The dev host's backend reads the page.
 */
export function LinkEmbed({ url }: { url: string }) {
  const card = useQuery({
    queryKey: ['embed-card', url],
    queryFn: () => callJson(window.location.origin, embedCardPath(url), embedCardSchema),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = url.replace(/^https?:\/\//, '');
  if (!card.data) {
    return (
      <a className="embed-link" href={url} target="_blank" rel="noreferrer">
        {shown}
      </a>
    );
  }
  return (
    <a className="miniapp-card" href={url} target="_blank" rel="noreferrer" data-embed-miniapp={url}>
      <img className="miniapp-card__image" src={card.data.imageUrl} alt="" />
      <span className="miniapp-card__footer">
        <span className="miniapp-card__button">{card.data.button.title}</span>
        <span className="miniapp-card__url">{shown}</span>
      </span>
    </a>
  );
}
