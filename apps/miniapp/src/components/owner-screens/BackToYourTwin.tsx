import { Link } from 'react-router';
import './back-to-your-twin.css';

/** The owner's screens under /you (wallet, people, activity) all lead back to "Your twin". */
export function BackToYourTwin() {
  return (
    <nav className="back-to-your-twin" aria-label="Back">
      <Link to="/you">Back to your twin</Link>
    </nav>
  );
}
