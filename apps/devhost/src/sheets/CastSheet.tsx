import { useQuery } from '@tanstack/react-query';
import { castQuery } from '../api/local-network.ts';
import { Sheet } from '../components/Sheet.tsx';
import { CastItem } from '../feed/CastItem.tsx';

/** `viewCast`: the cast from the local network, as a client opens it (whom it answers above it). */
export function CastSheet({ hash, apiUrl, onClose }: { hash: string; apiUrl: string; onClose: () => void }) {
  const cast = useQuery(castQuery(apiUrl, hash));
  return (
    <Sheet title="Cast" testId="cast-sheet" onClose={onClose}>
      {cast.isError ? (
        <p className="error">No cast {hash} on the local network.</p>
      ) : !cast.data ? (
        <p className="muted">Loading…</p>
      ) : (
        <ol className="casts casts-compact">
          <CastItem cast={cast.data} apiUrl={apiUrl} />
        </ol>
      )}
    </Sheet>
  );
}
