import type { ReactNode } from 'react';
import { strings } from '../../lib/strings.ts';

/** The top of a chat: who speaks (picture, name as the screen's heading, handle line), then the screen's own controls. */
export function ChatHeader({
  picture,
  name,
  meta,
  children,
  identity = (who) => who,
}: {
  picture: string;
  name: string;
  meta: string;
  children?: ReactNode;
  /** Wraps the picture and names (a twin's header makes them open its profile). */
  identity?: (who: ReactNode) => ReactNode;
}) {
  const who = (
    <>
      <img className="twin-header__pfp" src={picture} alt="" width={44} height={44} />
      <div className="twin-header__names">
        <h1 className="twin-header__name">{name || strings.chatTitle}</h1>
        <span className="twin-header__meta">{meta}</span>
      </div>
    </>
  );
  return (
    <header className="twin-header">
      {identity(who)}
      {children}
    </header>
  );
}
