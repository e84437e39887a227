import type { Agent } from '@fartwin/protocol';
import { useState } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { cannedGreetings, strings, twinLinkStrings } from '../../../lib/strings.ts';
import { HostActionControl, viewProfileAction } from '../../../platform/host-actions/index.ts';
import { ajax } from '../../helper-bot/index.ts';
import { lifeStatus } from '../life-status.ts';

const randomInt = (below: number) => Math.floor(Math.random() * below);

/**
 * A directory card: picture, @username, status dot (alive, dead, unknown or inactive), a fake "Nh ago"
 * and a canned greeting; the card opens the twin's page, its corner control the twin's Farcaster profile.
 */
export function AgentCard({ agent }: { agent: Agent }) {
  // Fake activity, chosen once per card so it does not flicker on re-render.
  const [hoursAgo] = useState(() => randomInt(24));
  const [greeting] = useState(() => cannedGreetings[randomInt(cannedGreetings.length)]!);
  const [picture, setPicture] = useState(agent.farcasterClient.pfp_url || ajax.picture);
  const username = agent.farcasterClient.username || `${agent.name}-a0x`;
  const status = lifeStatus(agent);
  return (
    <li className="agent-card-item">
      <Link className="agent-card" to={`/agent/${encodeURIComponent(agent.agentId)}`}>
        <img
          className="agent-card__pfp"
          src={picture}
          alt=""
          width={48}
          height={48}
          onError={() => setPicture(ajax.picture)}
        />
        <span className="agent-card__name">
          <span
            className={`status-dot status-dot--${status}`}
            data-status={status}
            role="img"
            aria-label={strings.lifeStatus[status]}
            title={strings.lifeStatus[status]}
          />
          {/* Its own box, so a long name ends in an ellipsis (the full name in its title). */}
          <span className="agent-card__username" title={`@${username}`}>
            @{username}
          </span>
        </span>
        <span className="agent-card__time">{strings.hoursAgo(hoursAgo)}</span>
        <span className="agent-card__greeting">{greeting}</span>
      </Link>
      <HostActionControl
        {...viewProfileAction({ fid: agent.farcasterClient.fid, username, address: agent.agentWallet.walletAddress })}
        className="agent-card__profile"
        label={twinLinkStrings.viewProfile(username)}
        testId="agent-card-profile"
      >
        <ProfileGlyph />
      </HostActionControl>
    </li>
  );
}

/** A person's outline: the profile the corner control opens. */
function ProfileGlyph() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
    </svg>
  );
}
