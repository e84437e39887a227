import type { CSSProperties, ReactNode } from 'react';
import { useFrame } from '../FrameProvider.tsx';

/** Pads the app by the host's safe-area insets (notches, home indicators). */
export function SafeArea({ children }: { children: ReactNode }) {
  const insets = useFrame().frameContext?.client?.safeAreaInsets;
  const style = {
    '--safe-top': `${insets?.top ?? 0}px`,
    '--safe-bottom': `${insets?.bottom ?? 0}px`,
    '--safe-left': `${insets?.left ?? 0}px`,
    '--safe-right': `${insets?.right ?? 0}px`,
  } as CSSProperties;
  return (
    <div className="safe-area" style={style}>
      {children}
    </div>
  );
}
