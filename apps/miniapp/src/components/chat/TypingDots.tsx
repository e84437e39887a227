/** Shown while a reply streams in. */
export function TypingDots() {
  return (
    <span className="typing-dots" role="status" aria-label="typing">
      <span />
      <span />
      <span />
    </span>
  );
}
