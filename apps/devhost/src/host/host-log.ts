/** One call the mini-app made to the host, for the log panel (and the e2e tests that read it). */
export interface HostCall {
  id: number;
  at: Date;
  method: string;
  detail?: string;
}

export type LogHostCall = (method: string, detail?: unknown) => void;

export function describe(detail: unknown): string | undefined {
  if (detail === undefined) return undefined;
  try {
    return JSON.stringify(detail);
  } catch {
    return String(detail);
  }
}
