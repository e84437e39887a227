import { Link } from '../../../lib/router/index.ts';
import { webModeStrings } from '../../../lib/strings.ts';
import { SignInWithError } from './SignInButton.tsx';
import '../web-sign-in.css';

/** The main screen in web mode before anyone signs in: what the app is, Sign in, or browse. */
export function WebHome() {
  return (
    <section className="web-home">
      <h1 className="web-home__title">{webModeStrings.webHomeTitle}</h1>
      <p className="web-home__text">{webModeStrings.webHomeText}</p>
      <SignInWithError errorClassName="web-home__error" />
      <Link className="button web-home__browse" to="/agents">
        {webModeStrings.browseAgents}
      </Link>
    </section>
  );
}

export default WebHome;
