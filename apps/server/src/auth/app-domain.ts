/**
 * The domain Quick Auth tokens are issued to: the host the mini-app is served from (PUBLIC_URL's
 * host, which includes a port only when it is not the default one).
 */
export function appDomain(publicUrl: string): string {
  return new URL(publicUrl).host;
}
