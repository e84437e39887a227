import '../skeleton.css';

/** Grey blocks in the shape of what is loading; they shimmer unless reduced motion is asked for. */
export function Bone({ className }: { className: string }) {
  return <span className={`skeleton ${className}`} aria-hidden="true" />;
}
