import { loadSdk } from '../../../lib/frame-sdk.ts';
import { strings } from '../../../lib/strings.ts';

/** The welcome cast's address, for the compose embed. */
function castUrl(username: string, hash: string): string {
  return `https://farcaster.xyz/${username}/${hash}`;
}

/** Opens the host's composer with "welcome to farcaster, @{name}" and the welcome cast embedded. */
export function QuoteCastButton({ name, welcomeCastHash }: { name: string; welcomeCastHash: string | undefined }) {
  const compose = () => {
    const embeds: [] | [string] = welcomeCastHash ? [castUrl(name, welcomeCastHash)] : [];
    loadSdk()
      .then((sdk) => sdk.actions.composeCast({ text: strings.quoteCastText(name), embeds }))
      .catch((error: unknown) => console.error('composeCast failed', error));
  };
  return (
    <button type="button" className="button button--primary" onClick={compose}>
      {strings.quoteCastButton}
    </button>
  );
}
