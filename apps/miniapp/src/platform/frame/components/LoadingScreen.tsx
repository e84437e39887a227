/** The pulsing loading animation shown while the frame context is loading or missing. */
export function LoadingScreen({ note }: { note?: string | null }) {
  return (
    <div className="loading-screen" role="status" aria-label="Loading">
      <div className="loading-pulse" />
      {note ? <p className="loading-note">{note}</p> : null}
    </div>
  );
}
