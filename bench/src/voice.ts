import {
  type AgentsByFidResponse,
  apiPaths,
  type ChatResponse,
  type DeployResponse,
  type NewLocalUserRequest,
} from '@fartwin/protocol';
import { startBotService } from './support/bot-service.ts';
import type { Benchmark } from './support/context.ts';
import { progress } from './support/progress.ts';
import type { BenchResult } from './support/report.ts';
import { createLocalUser, waitForDeploy } from './support/seed.ts';
import { clientHeaders, signIn } from './support/sign-in.ts';
import { type CorpusUser, HOLD_OUT_EVERY, splitReplies, VOICE_CORPUS } from './voice/corpus.ts';
import { meanScore, type Score, score } from './voice/scores.ts';

/**
 * How much a twin sounds like its owner (issue 25 part 8). For each person of the bench's corpus
 * (voice/corpus.ts), on the real bot service (its own process, local mode, no model configured, so
 * the offline echo engine answers): the person and their casts are made through the local network's
 * HTTP API (each training reply under its parent cast, by a generic account), their twin is deployed
 * over HTTP as a user deploys it (the onboarding answers their casts lean to), and each held-out
 * parent cast is sent to the twin's chat API — the same writeEcho that answers tags — by an account
 * that has not talked to it before, so no memory of earlier questions colours the answer.
 * Its reply is scored against what the person really wrote, beside two baselines in the same run:
 * a random top-level cast of the same person, and one generic line.
 */

const GENERIC_REPLY = 'interesting, tell me more';

interface Answered {
  user: string;
  twin: Score;
  randomCast: Score;
  generic: Score;
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A seeded choice, so a run's random-cast baseline is the same every run. */
function pickSeeded<T>(items: readonly T[], seed: string): T {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return items[(hash >>> 0) % items.length]!;
}

/** Publishes `user`'s casts and training replies on the local network; their fid. */
async function publishUser(url: string, user: CorpusUser, friendFid: number): Promise<number> {
  const request: NewLocalUserRequest = { username: user.username, displayName: user.displayName, starterCasts: false };
  const fid = await createLocalUser(url, request);
  const cast = (body: { fid: number; text: string; parentHash?: string }) =>
    postJson<{ hash: string }>(`${url}/local-network/casts`, body);
  const { training } = splitReplies(user);
  // Casts and replies interleaved, as a feed reads.
  const rounds = Math.max(user.casts.length, training.length);
  for (let index = 0; index < rounds; index++) {
    const text = user.casts[index];
    if (text) await cast({ fid, text });
    const pair = training[index];
    if (pair) {
      const parent = await cast({ fid: friendFid, text: pair.parent });
      await cast({ fid, text: pair.reply, parentHash: parent.hash });
    }
  }
  return fid;
}

/** Deploys `fid`'s twin over HTTP with the answers its casts lean to; its agent id. */
async function deployTwin(url: string, fid: number): Promise<string> {
  const token = await signIn(url, fid);
  const headers = { ...clientHeaders(fid), authorization: `Bearer ${token}` };
  const before = (await (await fetch(`${url}${apiPaths.agentsByFid(fid)}`, { headers })).json()) as AgentsByFidResponse;
  if (!before.characteristics) throw new Error(`fid ${fid} has no onboarding questions`);
  // Each description ends "That reads more X." for the pole the person's casts lean to.
  const choices = before.characteristics.map((characteristic) => {
    const leaning = /That reads more (\w+)\./.exec(characteristic.description)?.[1];
    return characteristic.options.find((option) => option.value === leaning)?.value ?? characteristic.options[0]!.value;
  });
  await postJson<DeployResponse>(`${url}${apiPaths.deploy(fid)}`, { choices }, headers);
  await waitForDeploy(url, fid, token);
  const { agents } = (await (await fetch(`${url}${apiPaths.agentsByFid(fid)}`)).json()) as AgentsByFidResponse;
  if (!agents[0]) throw new Error(`fid ${fid}'s deploy completed but lists no twin`);
  return agents[0].agentId;
}

/** The twin's answer to one message from `asker`, over the chat API (JSON, not streamed). */
async function ask(url: string, agentId: string, asker: { fid: number; token: string }, message: string) {
  const answer = await postJson<ChatResponse>(
    `${url}${apiPaths.chat(agentId)}`,
    { conversation: [{ role: 'user', content: message }], fid: asker.fid },
    { ...clientHeaders(asker.fid), authorization: `Bearer ${asker.token}` },
  );
  if (answer.engine !== 'echo') throw new Error(`the ${answer.engine} engine answered, not the offline echo engine`);
  return answer.message;
}

const fixed = (value: number) => value.toFixed(3);

export const voice: Benchmark = {
  name: 'voice',
  async run(_context, report) {
    const bot = await startBotService();
    try {
      const { url } = bot;
      progress(
        `publishing ${VOICE_CORPUS.length} people's casts and replies on the local network, deploying their twins`,
      );
      const friendFid = await createLocalUser(url, { username: 'bench-friend', starterCasts: false });
      // One asker per held-out question index: nobody asks the same twin twice.
      const heldOutCount = Math.max(...VOICE_CORPUS.map((user) => splitReplies(user).heldOut.length));
      const askers = [];
      for (let index = 0; index < heldOutCount; index++) {
        const fid = await createLocalUser(url, { username: `bench-asker-${index}`, starterCasts: false });
        askers.push({ fid, token: await signIn(url, fid) });
      }
      const answered: Answered[] = [];
      for (const user of VOICE_CORPUS) {
        const fid = await publishUser(url, user, friendFid);
        const agentId = await deployTwin(url, fid);
        const { heldOut } = splitReplies(user);
        for (const [index, pair] of heldOut.entries()) {
          const reply = await ask(url, agentId, askers[index]!, pair.parent);
          const randomCast = pickSeeded(user.casts, `${user.username}:${index}`);
          console.log(`  @${user.username} asked "${pair.parent}"\n    twin: ${reply}\n    real: ${pair.reply}`);
          answered.push({
            user: user.username,
            twin: score(reply, pair.reply),
            randomCast: score(randomCast, pair.reply),
            generic: score(GENERIC_REPLY, pair.reply),
          });
        }
      }

      const rows = (subject: string, of: Answered[]): BenchResult[] => {
        const twin = meanScore(of.map((a) => a.twin));
        const randomCast = meanScore(of.map((a) => a.randomCast));
        const generic = meanScore(of.map((a) => a.generic));
        const detail = `${of.length} held-out replies (1 in ${HOLD_OUT_EVERY}); generic line "${GENERIC_REPLY}"`;
        const base = { benchmark: 'voice', unit: '' as const, detail };
        return [
          {
            ...base,
            metric: `ROUGE-L F1, ${subject}`,
            better: 'higher',
            subject: twin.rougeL,
            baseline: randomCast.rougeL,
            baselineLabel: 'a random cast of theirs',
            detail: `${detail}; generic line ${fixed(generic.rougeL)}`,
          },
          {
            ...base,
            metric: `style distance, ${subject}`,
            better: 'lower',
            subject: twin.style,
            baseline: randomCast.style,
            baselineLabel: 'a random cast of theirs',
            detail: `${detail}; generic line ${fixed(generic.style)}; 0..1 over length, casing, emoji, punctuation, topic words`,
          },
          {
            ...base,
            metric: `ROUGE-L F1 vs generic, ${subject}`,
            better: 'higher',
            subject: twin.rougeL,
            baseline: generic.rougeL,
            baselineLabel: 'the generic line',
          },
          {
            ...base,
            metric: `style distance vs generic, ${subject}`,
            better: 'lower',
            subject: twin.style,
            baseline: generic.style,
            baselineLabel: 'the generic line',
          },
        ];
      };
      for (const user of VOICE_CORPUS) {
        const of = answered.filter((a) => a.user === user.username);
        const [twin, randomCast, generic] = [
          of.map((a) => a.twin),
          of.map((a) => a.randomCast),
          of.map((a) => a.generic),
        ].map(meanScore);
        console.log(
          `  @${user.username}: ROUGE-L twin ${fixed(twin!.rougeL)} / random cast ${fixed(randomCast!.rougeL)} / generic ${fixed(generic!.rougeL)};` +
            ` style distance twin ${fixed(twin!.style)} / random cast ${fixed(randomCast!.style)} / generic ${fixed(generic!.style)}`,
        );
        for (const row of rows(`@${user.username}`, of).slice(0, 2)) report(row);
      }
      for (const row of rows('all', answered)) report(row);
    } catch (error) {
      const lines = bot.tail();
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}${lines ? `\n--- last lines of the bot service's log ---\n${lines}` : ''}`,
      );
    } finally {
      await bot.stop();
    }
  },
};
