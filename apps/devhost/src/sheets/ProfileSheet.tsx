import { useQuery } from '@tanstack/react-query';
import { localNetwork, queryKeys } from '../api/local-network.ts';
import { Sheet } from '../components/Sheet.tsx';
import { CastItem } from '../feed/CastItem.tsx';

const RECENT = { limit: 3 };

/** `viewProfile`: the account in the local network, with its latest casts. */
export function ProfileSheet({ fid, apiUrl, onClose }: { fid: number; apiUrl: string; onClose: () => void }) {
  const profile = useQuery({ queryKey: queryKeys.profile(fid), queryFn: () => localNetwork.profile(apiUrl, fid) });
  const casts = useQuery({
    queryKey: queryKeys.feed({ ...RECENT, fid }),
    queryFn: () => localNetwork.feed(apiUrl, { ...RECENT, fid }),
  });
  const user = profile.data;
  return (
    <Sheet title="Profile" testId="profile-sheet" onClose={onClose}>
      {profile.isError ? (
        <p className="error">No account with fid {fid} on the local network.</p>
      ) : !user ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="profile">
          {user.pfpUrl ? <img className="avatar avatar-large" src={user.pfpUrl} alt="" /> : null}
          <div>
            <p className="profile-name">
              <strong>{user.displayName}</strong> <span className="muted">@{user.username}</span>
            </p>
            <p className="muted">fid {user.fid}</p>
            {user.bio ? <p>{user.bio}</p> : null}
            <p className="mono">{user.custodyAddress}</p>
          </div>
        </div>
      )}
      {casts.data && casts.data.length > 0 ? (
        <ol className="casts casts-compact">
          {casts.data.map((cast) => (
            <CastItem key={cast.hash} cast={cast} apiUrl={apiUrl} />
          ))}
        </ol>
      ) : null}
    </Sheet>
  );
}
