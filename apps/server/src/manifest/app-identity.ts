/** How the app presents itself to Farcaster clients: manifest, embeds and images share these. */
export const APP = {
  name: 'Fartwin',
  subtitle: 'Your AI twin on Farcaster',
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
  embed: '/images/embed.png',
  agent: (agentId: string) => `/images/agents/${encodeURIComponent(agentId)}.png`,
} as const;

/** Where Farcaster clients send the app's webhook events (named in the manifest). */
export const WEBHOOK_PATH = '/webhook';
