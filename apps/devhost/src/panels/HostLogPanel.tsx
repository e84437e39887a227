import type { HostCall } from '../host/host-log.ts';

/** Every call the mini-app made to the host, newest last. */
export function HostLogPanel({ calls }: { calls: HostCall[] }) {
  return (
    <section className="panel">
      <h2>Host calls</h2>
      {calls.length === 0 ? (
        <p className="muted">No calls yet.</p>
      ) : (
        <ol className="host-log" data-testid="host-log">
          {calls.map((call) => (
            <li key={call.id} data-method={call.method}>
              <time>{call.at.toLocaleTimeString()}</time> <strong>{call.method}</strong>
              {call.detail ? <code>{call.detail}</code> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
