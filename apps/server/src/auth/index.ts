// Who is calling: Quick Auth tokens, web mode's wallet sign-in and sessions, the app's domain.
export { appDomain } from './app-domain.ts';
export { farcasterTokenVerifier } from './farcaster-token-verifier.ts';
export { LocalQuickAuth } from './local-quick-auth.ts';
export { quickAuthRoutes } from './quick-auth-routes.ts';
export type { AuthVariables } from './require-auth.ts';
export { assertActingFor, bearerToken, requireAuth, verifyBearer } from './require-auth.ts';
export type { TokenVerifier } from './token-verifier.ts';
export { rememberVerifiedTokens } from './verified-tokens.ts';
export { walletNonces } from './wallet-nonces.ts';
export { startRevocationCleanup, walletSessionRevocations } from './wallet-session-revocations.ts';
export { quickAuthOrWalletSession, type WalletSessions, walletSessions } from './wallet-sessions.ts';
export { ACCOUNT_LOOKUP_BUDGET_MS, walletSignIn } from './wallet-sign-in.ts';
export { walletSignInRoutes } from './wallet-sign-in-routes.ts';
