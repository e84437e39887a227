/*
 * The sign-in control's state, apart from the flow itself (sign-in.ts): the navigation bar shows it
 * on every web page, while the flow and its EIP-4361 code (viem) load when "Sign in" is pressed.
 */

/** What the sign-in control shows: idle, busy, or the last failure's sentence. */
export interface SignInState {
  busy: boolean;
  error: string | null;
  /** The address of a wallet that signed but has no Farcaster account (it can still pay). */
  noAccountAddress: string | null;
}

let state: SignInState = { busy: false, error: null, noAccountAddress: null };
const listeners = new Set<() => void>();
export const setSignInState = (patch: Partial<SignInState>) => {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
};

export const signInState = {
  get: (): SignInState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The person has read the failure's sentence. */
export function dismissSignInError(): void {
  setSignInState({ error: null });
}
