import type { AddMiniApp, ComposeCast, SwapToken } from '@farcaster/miniapp-host';
import { useCallback, useMemo, useRef } from 'react';
import { useQueue } from '../host/use-queue.ts';

/** What the compose sheet opens with: `composeCast`'s options, or a compose URL given to `openUrl`. */
export type ComposeDraft = Omit<ComposeCast.Options, 'close'>;

export type ComposedCast = ComposeCast.ComposeCastInnerResult;

/**
 * A sheet a host action opens over the mini-app; `done` answers the action when it is dismissed.
 * `id` tells two queued sheets of one kind apart (each gets its own state).
 */
export type HostSheet = { id: number } & (
  | { kind: 'compose'; draft: ComposeDraft; done: (cast: ComposedCast | null) => void }
  | { kind: 'profile'; fid: number; done: () => void }
  | { kind: 'cast'; hash: string; done: () => void }
  | { kind: 'token'; token: string; done: () => void }
  | { kind: 'swap'; options: SwapToken.SwapTokenOptions; done: (result: SwapToken.SwapTokenResult) => void }
  | { kind: 'add-miniapp'; done: (result: AddMiniApp.AddMiniAppResult | null) => void }
  | { kind: 'app-menu'; done: () => void }
);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** How host actions (see create-host.ts) and the frame's own menu open sheets. */
export interface HostSheets {
  /** Resolves with the cast once published, or null when the person cancels. */
  compose(draft: ComposeDraft): Promise<ComposedCast | null>;
  viewProfile(fid: number): void;
  viewCast(hash: string): void;
  viewToken(token: string): void;
  /** Resolves when the person closes the sheet: the swap's transactions, or why there were none. */
  swapToken(options: SwapToken.SwapTokenOptions): Promise<SwapToken.SwapTokenResult>;
  /** Resolves with the add's result, or null when the person cancels. */
  addMiniApp(): Promise<AddMiniApp.AddMiniAppResult | null>;
  /** The client's menu for the mini-app (add, notifications, remove). */
  openAppMenu(): void;
}

/** What the client's own UI beside the frame (the feed's Reply) may open in it: the composer. */
export type FrameComposer = Pick<HostSheets, 'compose'>;

const nothing = () => {};

/** The sheets host actions open, one at a time. */
export function useHostSheets() {
  const { current, push: enqueue, remove, clear } = useQueue<HostSheet>();
  const lastId = useRef(0);
  const push = useCallback(
    (sheet: DistributiveOmit<HostSheet, 'id'>) => enqueue({ ...sheet, id: ++lastId.current } as HostSheet),
    [enqueue],
  );
  const sheets = useMemo<HostSheets>(
    () => ({
      compose: (draft) => new Promise((done) => push({ kind: 'compose', draft, done })),
      // A real client navigates to the profile or token and the action returns at once.
      viewProfile: (fid) => push({ kind: 'profile', fid, done: nothing }),
      viewCast: (hash) => push({ kind: 'cast', hash, done: nothing }),
      viewToken: (token) => push({ kind: 'token', token, done: nothing }),
      swapToken: (options) => new Promise((done) => push({ kind: 'swap', options, done })),
      addMiniApp: () => new Promise((done) => push({ kind: 'add-miniapp', done })),
      openAppMenu: () => push({ kind: 'app-menu', done: nothing }),
    }),
    [push],
  );
  const finish = useCallback(
    <Sheet extends HostSheet>(sheet: Sheet, ...answer: Parameters<Sheet['done']>) => {
      (sheet.done as (...args: Parameters<Sheet['done']>) => void)(...answer);
      remove(sheet);
    },
    [remove],
  );
  return { sheet: current, sheets, finish, clear };
}
