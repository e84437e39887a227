import type { ReactNode } from 'react';
import { twinLinkStrings } from '../../../lib/strings.ts';
import { HostActionControl, viewProfileAction } from '../../../platform/host-actions/index.ts';
import '../twin-links.css';

/** An account's picture and names that open its profile (its wallet's, in the Base App). */
export function ProfileAction({
  fid,
  username,
  address,
  children,
}: {
  fid: number;
  username: string;
  address: string;
  children: ReactNode;
}) {
  return (
    <HostActionControl
      {...viewProfileAction({ fid, username, address })}
      className="twin-profile"
      testId="twin-profile"
      fallback={children}
    >
      <span className="twin-profile__who" title={twinLinkStrings.viewProfile(username)}>
        {children}
      </span>
    </HostActionControl>
  );
}
