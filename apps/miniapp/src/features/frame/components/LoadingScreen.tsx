/** The pulsing loading animation shown while the frame context is loading or missing. */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-label="Loading">
      <div className="loading-pulse" />
    </div>
  );
}
