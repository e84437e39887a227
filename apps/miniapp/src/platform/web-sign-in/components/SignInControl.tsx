import { useAppLocation } from '../../../lib/router/index.ts';
import { strings, webModeStrings } from '../../../lib/strings.ts';
import { useWebSession, useWebSignIn } from '../hooks.ts';
import { SignInButton } from './SignInButton.tsx';
import '../web-sign-in.css';

/** The web home and a twin's page say a failed sign-in where their own "Sign in" is. */
const saysItInPlace = (pathname: string) => pathname === '/' || pathname.startsWith('/agent/');

/**
 * The navigation bar's account control in web mode: "Sign in", or who is signed in and "Sign out".
 * A failed sign-in says why above the bar (the web home screen says it in place).
 */
export function SignInControl() {
  const session = useWebSession();
  const signIn = useWebSignIn();
  const { pathname } = useAppLocation();
  if (session) {
    return (
      <div className="web-sign-in">
        <span className="web-sign-in__who" title={webModeStrings.signedInAs(session.username)}>
          @{session.username}
        </span>
        <button
          type="button"
          className="button button--small"
          title={webModeStrings.signedInAs(session.username)}
          onClick={signIn.signOut}
        >
          {webModeStrings.signOut}
        </button>
      </div>
    );
  }
  return (
    <div className="web-sign-in">
      <SignInButton small />
      {signIn.error && !saysItInPlace(pathname) ? (
        <div className="web-sign-in__error" role="alert">
          <p>{signIn.error}</p>
          <button type="button" className="button button--small" onClick={signIn.dismiss}>
            {strings.close}
          </button>
        </div>
      ) : null}
    </div>
  );
}
