import type {
  Agent,
  AgentsByFidResponse,
  AgentsResponse,
  Characteristic,
  ChatResponse,
  DeployProgress,
  DeployResponse,
  ErrorBody,
} from '@fartwin/protocol';
import { host } from './sdk-double.ts';

export const RPC_URL = 'http://rpc.test/';

export interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = Response | Promise<Response>;
type Handler = (call: Call) => Reply;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const errorReply = (error: string, status = 500, code = 'internal'): Response =>
  json({ error, code } satisfies ErrorBody, status);

/** An SSE reply: delta chunks then done, or an error event. */
export function sseReply(chunks: string[], done: ChatResponse | { error: ErrorBody }): Response {
  const events = chunks.map((chunk) => `event: delta\ndata: ${JSON.stringify(chunk)}\n\n`);
  events.push(
    'error' in done
      ? `event: error\ndata: ${JSON.stringify(done.error)}\n\n`
      : `event: done\ndata: ${JSON.stringify(done)}\n\n`,
  );
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const DIRECTORY_PATH = '/doppelganger/agents';

/**
 * The directory narrowed to one twin, as the server answers `?agentId=`: a test gives the directory
 * it means, and a twin's page finds its twin in it (or not) as it would in the server's.
 */
async function narrowedToOne(answer: Response, agentId: string): Promise<Response> {
  if (!answer.ok) return answer;
  const page = (await answer.json()) as AgentsResponse;
  return json({ agents: page.agents.filter((agent) => agent.agentId === agentId), nextCursor: null });
}

/**
 * The fetch double: the bot service's routes (speaking the protocol schemas) and the chain's RPC
 * URL. Routes are "METHOD /path" keys; anything else is a 404 in the server's error shape.
 */
export function createFakeServer() {
  const routes = new Map<string, Handler>();
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://app.test',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : null;
    const body = text ? JSON.parse(text) : undefined;
    if (url.href.startsWith(RPC_URL)) return json(await host.chain.rpcOverHttp(body));
    const call: Call = { method, path: url.pathname + url.search, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = routes.get(`${method} ${url.pathname}`);
    if (!handler) return errorReply('Not found', 404, 'not_found');
    const answer = await handler(call);
    const agentId = url.searchParams.get('agentId');
    return method === 'GET' && url.pathname === DIRECTORY_PATH && agentId !== null
      ? narrowedToOne(answer, agentId)
      : answer;
  };
  const on = (route: string, handler: Handler | unknown) => {
    routes.set(route, typeof handler === 'function' ? (handler as Handler) : () => json(handler));
  };
  return {
    fetch,
    calls,
    on,
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path.split('?')[0]}` === route),
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;

export const questions: Characteristic[] = [
  {
    name: 'energy',
    description: 'Are you more of an introvert or an extrovert?',
    options: [{ value: 'Introvert' }, { value: 'Extrovert' }],
  },
  { name: 'humor', description: 'Is your humor dry or silly?', options: [{ value: 'Dry' }, { value: 'Silly' }] },
];

/** An agent; `expirySeconds` null is an expiry the server does not know. */
export function makeAgent(
  overrides: Partial<Agent> = {},
  expirySeconds: number | null = Math.floor(Date.now() / 1000) + 3 * 86_400,
): Agent {
  return {
    agentId: 'agent-1',
    name: 'alice',
    status: 'active',
    farcasterClient: {
      fid: 9001,
      username: 'alice-twin',
      display_name: 'Alice Twin',
      pfp_url: 'https://example.com/t.png',
    },
    agentWallet: { walletAddress: '0x4444444444444444444444444444444444444444' },
    token: { address: '0x5555555555555555555555555555555555555555', symbol: 'ALICE' },
    life: { expirationTime: expirySeconds },
    ...overrides,
  };
}

export const noTwin = (): AgentsByFidResponse => ({ agents: [], characteristics: questions });
export const withTwin = (agent: Agent = makeAgent()): AgentsByFidResponse => ({ agents: [agent] });
export const directory = (agents: Agent[], nextCursor: string | null = null): AgentsResponse => ({
  agents,
  nextCursor,
});
export type { DeployProgress, DeployResponse };
