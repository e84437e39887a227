/** What went wrong, after what was being tried ("Could not cast: …"); nothing without an error. */
export function ErrorNote({ error, trying }: { error: Error | null; trying: string }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {trying}: {error.message}
    </p>
  );
}
