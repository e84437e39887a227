/**
 * How the app presents itself to clients (Farcaster's and the Base App) and search: manifest, embeds
 * and images share these. Words that name no one client, as the app opens in several. The manifest
 * schema caps subtitle, tagline and ogTitle at 30 characters, ogDescription at 100, description at
 * 170, and refuses @, #, $, %, &, +, = and emojis in them.
 */
export const APP = {
  name: 'Fartwin',
  subtitle: 'Your AI twin, with a wallet',
  tagline: 'An agent that talks like you',
  ogTitle: 'Fartwin, your AI twin',
  ogDescription: 'Answer eight questions and meet an AI agent that talks like you, with its own wallet and token.',
  description:
    'Answer eight questions and get a digital twin: an AI agent with its own wallet, account and token. It lives on a battery; 1 USDC on Base buys it 7 more days.',
  buttonTitle: 'Meet your twin',
  primaryCategory: 'social',
  tags: ['ai', 'agents', 'twin', 'base'],
  splashBackgroundColor: '#17101f',
  accentColor: '#7c5cff',
} as const;

/** Image paths the server renders (images.ts). */
export const imagePaths = {
  icon: '/images/icon.png',
  splash: '/images/splash.png',
  /** The app's embed card: 3:2, as embeds want. */
  embed: '/images/embed.png',
  /** The app's Open Graph and hero image: 1200×630 (1.91:1), as the manifest's ogImageUrl and heroImageUrl want. */
  og: '/images/og.png',
  agent: (agentId: string) => `/images/agents/${encodeURIComponent(agentId)}.png`,
  /**
   * The app's screens, 1284×2778 portraits as Base's featured checklist asks: made by the journeys
   * (e2e/tests/base-revival.spec.ts) and served with the built mini-app (apps/miniapp/public/screenshots).
   */
  screenshots: ['/screenshots/home.png', '/screenshots/twins.png', '/screenshots/twin.png'],
} as const;

/** Where Farcaster clients send the app's webhook events (named in the manifest). */
export const WEBHOOK_PATH = '/webhook';
