import { strings } from '../../../lib/strings.ts';
import { composeCastAction, HostActionControl } from '../../twin-links/index.ts';

/** The welcome cast's address, for the compose embed. */
function castUrl(username: string, hash: string): string {
  return `https://farcaster.xyz/${username}/${hash}`;
}

/**
 * Opens the host's composer with "welcome to farcaster, @{name}" and the welcome cast embedded;
 * outside a Farcaster client, Farcaster's compose page with the same cast.
 */
export function QuoteCastButton({ name, welcomeCastHash }: { name: string; welcomeCastHash: string | undefined }) {
  const embeds: [] | [string] = welcomeCastHash ? [castUrl(name, welcomeCastHash)] : [];
  return (
    <HostActionControl {...composeCastAction(strings.quoteCastText(name), embeds)} className="button button--primary">
      {strings.quoteCastButton}
    </HostActionControl>
  );
}
