import { useEffect, useRef, useState } from 'react';
import type { FrameSdk } from '../../../lib/frame-sdk.ts';
import { useAppLocation, useNavigate } from '../../../lib/router/index.ts';
import { useHostMode } from '../../../platform/frame/index.ts';
import { sdkWith } from '../../../platform/native/capabilities.ts';
import { canGoBack, followHistory, type InAppHistory } from '../in-app-history.ts';

type ClientBack = FrameSdk['back'];

/**
 * The client's own back control (`sdk.back`, where getCapabilities lists 'back'): shown while there
 * is an in-app screen to return to, and it goes back through the app's history, as the in-app links do.
 * At the first screen it is hidden and the client does what its back does (closes the app). A client
 * without it, and web mode, keep the in-app links only.
 */
export function useClientBack(): void {
  const mode = useHostMode();
  const back = useSupportedBack(mode === 'frame');
  const navigate = useNavigate();
  const { key, type } = useAppLocation();
  const history = useRef<InAppHistory>([]);
  history.current = followHistory(history.current, key, type);
  const showBack = canGoBack(history.current);

  useEffect(() => {
    if (!back) return;
    back.onback = () => {
      if (canGoBack(history.current)) navigate(-1);
    };
    return () => {
      back.onback = null;
    };
  }, [back, navigate]);

  // What was last asked of the client (it starts hidden): each change is sent once.
  const shown = useRef(false);
  useEffect(() => {
    if (!back || shown.current === showBack) return;
    shown.current = showBack;
    (showBack ? back.show() : back.hide()).catch((error: unknown) => console.warn('The back control failed', error));
  }, [back, showBack]);
}

/** The SDK's back control once the client has said it supports it; null until then, or never. */
function useSupportedBack(inClient: boolean): ClientBack | null {
  const [back, setBack] = useState<ClientBack | null>(null);
  useEffect(() => {
    if (!inClient) return;
    let live = true;
    sdkWith('back').then((sdk) => live && setBack(sdk?.back ?? null));
    return () => {
      live = false;
    };
  }, [inClient]);
  return back;
}
