/**
 * A twin's page (/agent/{agentId}) on the app's public origin: the server that serves the app
 * renders its battery card as the page's embed, so a cast with this link shows the card.
 */
export const agentPageUrl = (agentId: string, origin = window.location.origin) =>
  `${origin}/agent/${encodeURIComponent(agentId)}`;
