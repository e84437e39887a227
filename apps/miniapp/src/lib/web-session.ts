/**
 * Web mode's signed-in session (the wallet sign-in's answer), kept in localStorage so it survives a
 * reload, until it expires, the person signs out, the API answers 401, or the wallet's account
 * changes. Small and schema-free on purpose: the start-up reads it before anything else loads.
 */
export interface WebSession {
  token: string;
  fid: number;
  username: string;
  /** The signed-in address, checksummed. */
  address: string;
  /** ISO time the token stops working. */
  expiresAt: string;
  /** The wallet connector it was signed with (its EIP-6963 rdns), to reconnect it after a reload. */
  connectorId: string;
}

export const WEB_SESSION_KEY = 'fartwin.webSession';

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: WebSession | null } | null = null;

function parse(raw: string | null): WebSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WebSession>;
    const valid =
      typeof value.token === 'string' &&
      typeof value.fid === 'number' &&
      typeof value.username === 'string' &&
      typeof value.address === 'string' &&
      typeof value.expiresAt === 'string' &&
      typeof value.connectorId === 'string';
    return valid ? (value as WebSession) : null;
  } catch {
    return null;
  }
}

function read(): WebSession | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(WEB_SESSION_KEY);
  } catch {
    // Storage blocked (a private window's settings): nobody is signed in.
  }
  // The same object while the stored text is the same: useSyncExternalStore compares by identity.
  if (!cached || cached.raw !== raw) cached = { raw, session: parse(raw) };
  return cached.session;
}

function write(session: WebSession | null): void {
  try {
    if (session) localStorage.setItem(WEB_SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(WEB_SESSION_KEY);
  } catch {
    // Storage blocked: the session lives as long as the page.
  }
  cached = { raw: session ? JSON.stringify(session) : null, session };
  for (const listener of listeners) listener();
}

export const webSession = {
  /** The session, or null when there is none or it has expired (pure: safe to call while rendering). */
  get(now = Date.now()): WebSession | null {
    const session = read();
    return session && Date.parse(session.expiresAt) > now ? session : null;
  },
  set: (session: WebSession): void => write(session),
  clear(): void {
    if (read() !== null) write(null);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    // Another tab signing in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === WEB_SESSION_KEY || event.key === null) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};
