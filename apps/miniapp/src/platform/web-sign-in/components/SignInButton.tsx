import { webModeStrings } from '../../../lib/strings.ts';
import { useWebSignIn } from '../hooks.ts';

/** "Sign in" and, under it, why the last attempt failed (the screens that offer it say it in place). */
export function SignInWithError({ errorClassName }: { errorClassName: string }) {
  const { error } = useWebSignIn();
  return (
    <>
      <SignInButton />
      {error ? (
        <p className={errorClassName} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** "Sign in" (busy while the wallet and the server answer), wherever a screen offers it. */
export function SignInButton({ small = false }: { small?: boolean }) {
  const { busy, signIn } = useWebSignIn();
  return (
    <button
      type="button"
      className={small ? 'button button--primary button--small' : 'button button--primary'}
      disabled={busy}
      aria-busy={busy}
      onClick={signIn}
    >
      {busy ? webModeStrings.signingIn : webModeStrings.signIn}
    </button>
  );
}
