import { twinLinkStrings } from '../../lib/strings.ts';

export interface ShareTwinState {
  /** The twin's display name, for a visitor's cast. */
  name: string;
  /** The battery ran out (an unknown battery is not dead). */
  dead: boolean;
  /** The person sharing owns the twin. */
  own: boolean;
}

/** The text of a cast that shares a twin: it follows the twin's state and who shares it. */
export function shareText({ name, dead, own }: ShareTwinState): string {
  const texts = twinLinkStrings.shareText;
  if (own) return dead ? texts.ownDead : texts.ownAlive;
  return dead ? texts.visitorDead(name) : texts.visitorAlive(name);
}
