/** A round avatar with the user's initials on their colour, so the local network needs no image files. */
export function renderAvatarSvg(displayName: string, color: string): string {
  // First letters (or digits) of the name's words, leaving out asides like "(twin)" and emoji: never
  // markup, so nothing needs escaping.
  const initials =
    displayName
      .replace(/\(.*?\)/g, ' ')
      .split(/\s+/)
      .flatMap((word) => /^[\p{L}\p{N}]/u.exec(word) ?? [])
      .slice(0, 2)
      .join('')
      .toUpperCase() || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${color}"/><text x="48" y="60" font-family="DejaVu Sans, sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}
