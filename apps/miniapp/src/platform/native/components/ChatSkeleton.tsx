import { Bone } from './Bone.tsx';

/** A twin's chat while the twin is looked for: its header, a few bubbles, the input. */
export function ChatSkeleton() {
  return (
    <section className="chat-screen" role="status" aria-label="Loading" aria-busy="true">
      <div className="twin-header">
        <Bone className="skeleton--circle skeleton--header-pfp" />
        <span className="twin-header__names">
          <Bone className="skeleton--line skeleton--name" />
          <Bone className="skeleton--line skeleton--short" />
        </span>
        <Bone className="skeleton--battery" />
      </div>
      <div className="messages">
        <div className="skeleton-bubbles">
          <Bone className="skeleton--bubble" />
          <Bone className="skeleton--bubble skeleton--bubble-user" />
          <Bone className="skeleton--bubble skeleton--bubble-long" />
        </div>
      </div>
      <div className="chat-input">
        <Bone className="skeleton--input" />
      </div>
    </section>
  );
}
