import type { ReactNode } from 'react';

/** The top of a chat: who speaks (picture, name, handle line), then the screen's own controls. */
export function ChatHeader({
  picture,
  name,
  meta,
  children,
}: {
  picture: string;
  name: string;
  meta: string;
  children?: ReactNode;
}) {
  return (
    <header className="twin-header">
      <img className="twin-header__pfp" src={picture} alt="" width={44} height={44} />
      <div className="twin-header__names">
        <strong className="twin-header__name">{name}</strong>
        <span className="twin-header__meta">{meta}</span>
      </div>
      {children}
    </header>
  );
}
