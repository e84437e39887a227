import { type ServedProcess, startBotService } from './support/bot-service.ts';
import type { Benchmark } from './support/context.ts';
import { miniappDist } from './support/paths.ts';
import { progress } from './support/progress.ts';
import type { BenchResult } from './support/report.ts';
import { createLocalUser } from './support/seed.ts';
import { signIn } from './support/sign-in.ts';
import { type CorpusUser, HOLD_OUT_EVERY, splitForLearning, splitReplies, VOICE_CORPUS } from './voice/corpus.ts';
import { APART_CORPUS } from './voice/corpus-apart.ts';
import { editedVoice } from './voice/owner-edits.ts';
import { type ForwardTo, recalledBlock, startRecordingModel } from './voice/recording-model.ts';
import { meanScore, type Score, score, sharingMostWords } from './voice/scores.ts';
import {
  ask,
  deployTwin,
  freshAskers,
  publishMaterial,
  readVoice,
  refreshFromCasts,
  rewriteReply,
  type SignedIn,
  sampleTwinsDeployed,
  saveVoice,
  tagAndAwaitReply,
} from './voice/twin-api.ts';

/**
 * How much a twin sounds like its owner. For each person of the bench's corpus
 * (voice/corpus.ts), on the real bot service (its own process, local mode, no model configured, so
 * the offline echo engine answers): the person and their casts are made through the local network's
 * HTTP API (each training reply under its parent cast, by a generic account), their twin is deployed
 * over HTTP as a user deploys it (the onboarding answers their casts lean to), and each held-out
 * parent cast is sent to the twin's chat API — the same writeEcho that answers tags — by an account
 * that has not talked to it before, so no memory of earlier questions colours the answer.
 * Its reply is scored against what the person really wrote, beside two baselines in the same run:
 * a random top-level cast of the same person, and one generic line.
 *
 * Three more stages, each scored against the same held-out replies by fresh askers:
 * - learning: a second account of each person ("-2", the same casts) whose twin is deployed from the
 *   first half of their training material, asked; then the second half is published, the owner
 *   presses "Refresh from my casts" and the twin is asked again;
 * - the owner's edits: on the main twins, the owner saves their phrases (voice/corpus.ts) and an
 *   about-me line (voice/owner-edits.ts), and the twin is asked again;
 * - the owner's rewrites (run last, so the other stages' accounts, which seed the engine's choices,
 *   are those of the bench before it): a third account of each person ("-3") whose twin is deployed
 *   as the main ones, asked; then strangers tag it in public casts with the questions of the
 *   person's rewrites (voice/corpus.ts: two ask held-out questions again in other words, one asks
 *   something else), the twin replies in the thread, and the owner rewrites each reply in Activity
 *   ("how I'd say it"); the twin is asked again.
 *
 * Last, prompt recall: the learning stage's twins (which know all the training material and have no
 * owner's edits: saved phrases would put training replies in the prompt whatever is recalled) are
 * asked again through a second process of the service whose
 * model (LLM_BASE_URL) is the bench's recording endpoint (voice/recording-model.ts). For each held-out
 * reply, the run checks whether the model's prompt held the owner's cast or training reply that shares
 * the most words with what the person really wrote, and how many tokens the prompt's recalled block
 * took of its budget. The endpoint answers with the first text the prompt recalls, a "retrieval only"
 * reply scored as the twin's are; with LLM_BASE_URL (and LLM_MODEL, LLM_API_KEY) in the bench's
 * environment it passes each request on to that model instead, and its replies are scored.
 */

const GENERIC_REPLY = 'interesting, tell me more';
/** The model prompt's budget for what is recalled, given to the model's process (the service's default). */
const RECALL_BUDGET_TOKENS = 1_500;
/** Tokens as the service's budget counts them: four characters a token. */
const tokensIn = (text: string) => Math.ceil(text.length / 4);
/** The model the second process names: a real one's when the bench passes requests on to it. */
const RECORDING_MODEL_NAME = 'bench-recall';

/** A real model to score, from the bench's environment; none: the recording endpoint answers itself. */
function realModel(): (ForwardTo & { model: string }) | undefined {
  const { LLM_BASE_URL: baseUrl, LLM_MODEL: model, LLM_API_KEY: apiKey } = process.env;
  return baseUrl && model ? { baseUrl, model, apiKey } : undefined;
}

/** The stages whose twin answers are scored, in the order the run asks them. */
type Stage = 'main' | 'afterEdits' | 'beforeRewrites' | 'afterRewrites' | 'beforeLearning' | 'afterLearning' | 'model';
/** Each stage's askers are bench-<label>-<n> (usernames are at most 16 characters). */
const ASKER_LABELS: Record<Stage, string> = {
  main: 'asker',
  afterEdits: 'ask-edit',
  beforeRewrites: 'ask-unrw',
  afterRewrites: 'ask-rewr',
  beforeLearning: 'ask-half',
  afterLearning: 'ask-lrnd',
  model: 'ask-llm',
};

/** What the model's prompt held for one held-out reply. */
interface PromptRecall {
  /** Whether it held (anywhere) one of the owner's texts sharing the most words with the real reply. */
  held: boolean;
  /** Whether it held one outside its recalled block (among the character's example posts). */
  heldWithoutRecall: boolean;
  recalledTokens: number;
  promptTokens: number;
}

interface Answered {
  user: string;
  stage: Stage;
  twin: Score;
  randomCast: Score;
  generic: Score;
}

/** A seeded choice, so a run's random-cast baseline is the same every run. */
function pickSeeded<T>(items: readonly T[], seed: string): T {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return items[(hash >>> 0) % items.length]!;
}

const fixed = (value: number) => value.toFixed(3);

/** Whose voices are measured: the bench's own people, or (`BENCH_VOICE_PEOPLE=apart`) the set written apart from them. */
const PEOPLE = process.env.BENCH_VOICE_PEOPLE === 'apart' ? APART_CORPUS : VOICE_CORPUS;
/** How many replies the owners rewrite, and how many of those ask a held-out question again. */
const rewriteCount = PEOPLE.reduce((sum, user) => sum + user.rewrites.length, 0);
const rewordings = PEOPLE.reduce((sum, user) => sum + user.rewrites.filter((rewrite) => rewrite.like).length, 0);

/** A local account for a corpus person, signed in as its owner. */
async function ownerAccount(url: string, user: CorpusUser, suffix = ''): Promise<SignedIn> {
  const fid = await createLocalUser(url, {
    username: `${user.username}${suffix}`,
    displayName: user.displayName,
    starterCasts: false,
  });
  return { fid, token: await signIn(url, fid) };
}

export const voice: Benchmark = {
  name: 'voice',
  async run(_context, report) {
    const bot = await startBotService();
    try {
      const { url } = bot;
      await sampleTwinsDeployed(url);
      progress(`publishing ${PEOPLE.length} people's casts and replies on the local network, deploying their twins`);
      const friendFid = await createLocalUser(url, { username: 'bench-friend', starterCasts: false });
      // One asker per held-out question index and stage: nobody asks the same twin twice. Each stage's
      // askers are made when it starts, so the main twins' fids, which seed the echo engine's choices,
      // are those of the bench before it had stages: its rows stay comparable.
      const heldOutCount = Math.max(...PEOPLE.map((user) => splitReplies(user).heldOut.length));
      const askers = {} as Record<Stage, SignedIn[]>;
      // A sign-in is for the process it was made on (its URL is the token's domain): the model stage's
      // askers sign in on the process with the model.
      const startStage = async (stage: Stage, on = url) => {
        askers[stage] = await freshAskers(on, ASKER_LABELS[stage], heldOutCount);
      };

      const answered: Answered[] = [];
      /**
       * Each held-out parent asked of the twin by the stage's askers, each answer scored; through the
       * process with a model (`viaModel`) for the model stage.
       */
      const askHeldOut = async (user: CorpusUser, agentId: string, stage: Stage, viaModel?: string) => {
        for (const [index, pair] of splitReplies(user).heldOut.entries()) {
          const reply = viaModel
            ? await ask(viaModel, agentId, askers[stage][index]!, pair.parent, 'llm')
            : await ask(url, agentId, askers[stage][index]!, pair.parent);
          const randomCast = pickSeeded(user.casts, `${user.username}:${index}`);
          console.log(
            `  [${stage}] @${user.username} asked "${pair.parent}"\n    twin: ${reply}\n    real: ${pair.reply}`,
          );
          answered.push({
            user: user.username,
            stage,
            twin: score(reply, pair.reply),
            randomCast: score(randomCast, pair.reply),
            generic: score(GENERIC_REPLY, pair.reply),
          });
        }
      };

      await startStage('main');
      const twins: { user: CorpusUser; owner: SignedIn; agentId: string }[] = [];
      for (const user of PEOPLE) {
        const owner = await ownerAccount(url, user);
        await publishMaterial(url, owner.fid, friendFid, user.casts, splitReplies(user).training);
        const agentId = await deployTwin(url, owner);
        await askHeldOut(user, agentId, 'main');
        twins.push({ user, owner, agentId });
      }

      progress("the owner's edits: their phrases and an about-me line, asked again");
      await startStage('afterEdits');
      for (const { user, owner, agentId } of twins) {
        // Saved through Your twin's API, as the owner saves them.
        const { voice: current } = await readVoice(url, agentId, owner);
        const saved = await saveVoice(url, agentId, owner, editedVoice(user, PEOPLE, current));
        console.log(
          `  @${user.username} saved phrases ${JSON.stringify(saved.voice.phrases)}, about me "${saved.voice.aboutMe}"`,
        );
        await askHeldOut(user, agentId, 'afterEdits');
      }

      progress('learning: twins deployed from half of their casts, asked, refreshed from the rest, asked again');
      await startStage('beforeLearning');
      await startStage('afterLearning');
      const learnedTwins: { user: CorpusUser; agentId: string }[] = [];
      for (const user of PEOPLE) {
        const later = await ownerAccount(url, user, '-2');
        const { first, second } = splitForLearning(user);
        await publishMaterial(url, later.fid, friendFid, first.casts, first.replies);
        const agentId = await deployTwin(url, later);
        await askHeldOut(user, agentId, 'beforeLearning');
        await publishMaterial(url, later.fid, friendFid, second.casts, second.replies);
        const total = first.casts.length + first.replies.length + second.casts.length + second.replies.length;
        const learned = await refreshFromCasts(url, agentId, later, total);
        console.log(
          `  @${later.fid} (${user.username}-2) learned ${learned.learned} new casts, knows ${learned.castsKnown}`,
        );
        await askHeldOut(user, agentId, 'afterLearning');
        learnedTwins.push({ user, agentId });
      }

      const forward = realModel();
      progress(
        `prompt recall: the learning twins asked through a process whose model is the bench's recording endpoint${forward ? `, passing on to ${forward.model}` : ''}`,
      );
      const model = await startRecordingModel(forward);
      const recalls: PromptRecall[] = [];
      let modelProcess: ServedProcess | undefined;
      try {
        modelProcess = await bot.serving(miniappDist, {
          LLM_BASE_URL: `${model.url}/v1`,
          LLM_MODEL: forward?.model ?? RECORDING_MODEL_NAME,
          LLM_RECALL_TOKENS: String(RECALL_BUDGET_TOKENS),
        });
        const modelUrl = modelProcess.url;
        await startStage('model', modelUrl);
        for (const { user, agentId } of learnedTwins) {
          await askHeldOut(user, agentId, 'model', modelUrl);
          const known = [...user.casts, ...splitReplies(user).training.map((pair) => pair.reply)];
          for (const pair of splitReplies(user).heldOut) {
            const prompt = model.promptFor(pair.parent);
            if (!prompt) throw new Error(`the recording endpoint was never asked "${pair.parent}"`);
            const best = sharingMostWords(known, pair.reply);
            // A reply sharing no word with anything the owner cast has no right context to find.
            if (best.length === 0) continue;
            const recalled = recalledBlock(prompt.system);
            const holds = (text: string, of: string) => of.includes(JSON.stringify(text)) || of.includes(text);
            const withoutRecall = prompt.system.replace(recalled, '');
            recalls.push({
              held: best.some((text) => holds(text, prompt.system)),
              heldWithoutRecall: best.some((text) => holds(text, withoutRecall)),
              recalledTokens: tokensIn(recalled),
              promptTokens: tokensIn(prompt.system),
            });
            console.log(
              `  [recall] @${user.username} "${pair.parent}": ${recalls.at(-1)!.held ? 'held' : 'missed'} ${JSON.stringify(best[0])} (${tokensIn(recalled)} tokens recalled)`,
            );
          }
        }
      } finally {
        // Stopped before its model: it shares the queue, and a reply it took later (the rewrites'
        // tags) would fail on a model that is gone, retried until the bench gave up on it.
        await modelProcess?.stop();
        await model.close();
      }

      progress(
        "the owner's rewrites: twins deployed as the main ones, asked; strangers tag each with its owner's rewrites' questions, its owner rewrites each reply, asked again",
      );
      // A tag from a stranger of its own each, so no reply limit per author or person memory is shared.
      const strangers = await freshAskers(url, 'tagger', rewriteCount);
      await startStage('beforeRewrites');
      await startStage('afterRewrites');
      let tagged = 0;
      for (const user of PEOPLE) {
        const owner = await ownerAccount(url, user, '-3');
        await publishMaterial(url, owner.fid, friendFid, user.casts, splitReplies(user).training);
        const agentId = await deployTwin(url, owner);
        await askHeldOut(user, agentId, 'beforeRewrites');
        for (const rewrite of user.rewrites) {
          const stranger = strangers[tagged++]!;
          const reply = await tagAndAwaitReply(url, agentId, owner, stranger.fid, rewrite.parent);
          await rewriteReply(url, agentId, owner, reply.key, rewrite.reply);
          console.log(
            `  @${user.username}-3 tagged "${rewrite.parent}"${rewrite.like ? ` (like "${rewrite.like}")` : ''}\n    twin: ${reply.text}\n    owner: ${rewrite.reply}`,
          );
        }
        await askHeldOut(user, agentId, 'afterRewrites');
      }

      const detailOf = (of: Answered[]) =>
        `${of.length} held-out replies (1 in ${HOLD_OUT_EVERY}); generic line "${GENERIC_REPLY}"`;
      // The people written apart are their own rows in the results table, beside the bench's people.
      const base = { benchmark: PEOPLE === APART_CORPUS ? 'voice-apart' : 'voice', unit: '' as const };
      const rows = (subject: string, of: Answered[]): BenchResult[] => {
        const twin = meanScore(of.map((a) => a.twin));
        const randomCast = meanScore(of.map((a) => a.randomCast));
        const generic = meanScore(of.map((a) => a.generic));
        const detail = detailOf(of);
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
            detail,
            metric: `ROUGE-L F1 vs generic, ${subject}`,
            better: 'higher',
            subject: twin.rougeL,
            baseline: generic.rougeL,
            baselineLabel: 'the generic line',
          },
          {
            ...base,
            detail,
            metric: `style distance vs generic, ${subject}`,
            better: 'lower',
            subject: twin.style,
            baseline: generic.style,
            baselineLabel: 'the generic line',
          },
        ];
      };
      /** A stage's twin against an earlier one, on the same held-out replies. */
      const stageRows = (after: Stage, before: Stage, what: string, howBefore: string): BenchResult[] => {
        const [now, then] = [after, before].map((stage) =>
          meanScore(answered.filter((a) => a.stage === stage).map((a) => a.twin)),
        );
        const detail = `${detailOf(answered.filter((a) => a.stage === after))}; ${howBefore}`;
        return [
          {
            ...base,
            detail,
            metric: `ROUGE-L F1 after ${what}, all`,
            better: 'higher',
            subject: now!.rougeL,
            baseline: then!.rougeL,
            baselineLabel: `before ${what}`,
          },
          {
            ...base,
            detail,
            metric: `style distance after ${what}, all`,
            better: 'lower',
            subject: now!.style,
            baseline: then!.style,
            baselineLabel: `before ${what}`,
          },
        ];
      };

      const of = (user: CorpusUser, stage: Stage) =>
        answered.filter((a) => a.user === user.username && a.stage === stage);
      for (const user of PEOPLE) {
        const main = of(user, 'main');
        const [twin, randomCast, generic] = [
          main.map((a) => a.twin),
          main.map((a) => a.randomCast),
          main.map((a) => a.generic),
        ].map(meanScore);
        const [edited, beforeRewrites, rewritten, beforeLearning, afterLearning] = (
          ['afterEdits', 'beforeRewrites', 'afterRewrites', 'beforeLearning', 'afterLearning'] as const
        ).map((stage) => meanScore(of(user, stage).map((a) => a.twin)));
        console.log(
          `  @${user.username}: ROUGE-L twin ${fixed(twin!.rougeL)} / random cast ${fixed(randomCast!.rougeL)} / generic ${fixed(generic!.rougeL)};` +
            ` style distance twin ${fixed(twin!.style)} / random cast ${fixed(randomCast!.style)} / generic ${fixed(generic!.style)}\n` +
            `    owner's edits: ROUGE-L ${fixed(twin!.rougeL)} -> ${fixed(edited!.rougeL)}, style distance ${fixed(twin!.style)} -> ${fixed(edited!.style)}\n` +
            `    owner's rewrites: ROUGE-L ${fixed(beforeRewrites!.rougeL)} -> ${fixed(rewritten!.rougeL)}, style distance ${fixed(beforeRewrites!.style)} -> ${fixed(rewritten!.style)}\n` +
            `    learning: ROUGE-L ${fixed(beforeLearning!.rougeL)} -> ${fixed(afterLearning!.rougeL)}, style distance ${fixed(beforeLearning!.style)} -> ${fixed(afterLearning!.style)}`,
        );
        for (const row of rows(`@${user.username}`, main).slice(0, 2)) report(row);
      }
      for (const row of rows(
        'all',
        answered.filter((a) => a.stage === 'main'),
      ))
        report(row);
      for (const row of stageRows(
        'afterLearning',
        'beforeLearning',
        'learning',
        'a second account of each person: its twin deployed from the first half of their training casts and replies, then refreshed from the second half',
      )) {
        report(row);
      }
      for (const row of stageRows(
        'afterEdits',
        'main',
        "the owner's edits",
        'the main twins; the owner saved 3 phrases of theirs (their sayings, written from their training material) and an about-me line from their top topic words',
      )) {
        report(row);
      }
      for (const row of stageRows(
        'afterRewrites',
        'beforeRewrites',
        "the owner's rewrites",
        `a third account of each person, its twin deployed as the main ones; strangers tagged it in public with ${rewriteCount} questions (${rewriteCount - rewordings} on something else, ${rewordings} asking held-out questions again in other words) and the owner rewrote each reply, never with a held-out reply`,
      )) {
        report(row);
      }

      const heldOut = answered.filter((a) => a.stage === 'model').length;
      const share = (held: (recall: PromptRecall) => boolean) => recalls.filter(held).length / recalls.length;
      const sorted = (tokens: number[]) => [...tokens].sort((a, b) => a - b);
      const recalledTokens = sorted(recalls.map((recall) => recall.recalledTokens));
      const promptTokens = sorted(recalls.map((recall) => recall.promptTokens));
      const over = `${recalls.length} of ${heldOut} held-out replies (the rest share no word with anything the owner cast)`;
      report({
        ...base,
        metric: "prompt recall: the owner's closest cast in the model's prompt",
        better: 'higher',
        subject: share((recall) => recall.held),
        baseline: share((recall) => recall.heldWithoutRecall),
        baselineLabel: 'the prompt without its recalled block',
        detail: `share of ${over} whose prompt holds one of the owner's casts or training replies sharing the most topic words with the real reply; target at least 0.8`,
      });
      report({
        ...base,
        metric: "prompt recall: the recalled block's size (largest)",
        unit: 'tokens',
        better: 'lower',
        subject: recalledTokens.at(-1)!,
        baseline: RECALL_BUDGET_TOKENS,
        baselineLabel: 'its budget (LLM_RECALL_TOKENS)',
        detail: `${over}; four characters a token, as the service counts; recalled block median ${recalledTokens[Math.floor(recalledTokens.length / 2)]}, whole system prompt median ${promptTokens[Math.floor(promptTokens.length / 2)]}, largest ${promptTokens.at(-1)}`,
      });
      for (const row of rows(
        forward ? `model replies (${forward.model})` : 'retrieval only (recording model)',
        answered.filter((a) => a.stage === 'model'),
      ).slice(0, 2))
        report(row);
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
