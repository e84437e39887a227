import { Link } from '../../../lib/router/index.ts';
import { ownerScreenTexts as texts } from '../texts.ts';
import '../owner-screen.css';

/** The owner's screens under /you (wallet, people, activity) all lead back to "Your twin". */
export function BackToYourTwin() {
  return (
    <nav className="back-to-your-twin" aria-label={texts.back}>
      <Link to="/you">{texts.backToYourTwin}</Link>
    </nav>
  );
}
