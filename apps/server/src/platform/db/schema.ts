import type { PolicyChange } from '@fartwin/protocol';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { DatabaseColumns } from './columns.generated.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/*
 * Where a CHECK lists a column's allowed values, the migrations define them and the types below take
 * them from db/columns.generated.ts (`DatabaseColumns[table][column]`), so they are written once.
 */

/** Local mode's Farcaster: accounts of the local social network. */
export interface SocialAccountsTable {
  fid: ColumnType<number, number, never>;
  username: string;
  display_name: string;
  pfp_url: string | null;
  bio: string;
  custody_address: string;
  created_at: CreatedAt;
  /** The account's quality score, 0 to 1, like Neynar's user score. */
  score: ColumnType<number, number | undefined, number>;
}

/** Casts of the local social network. */
export interface SocialCastsTable {
  hash: string;
  fid: number;
  text: string;
  parent_hash: string | null;
  /** The thread's first cast: its own hash for a root cast, the parent's thread hash for a reply. */
  thread_hash: string;
  embeds: ColumnType<string[], string, string>;
  created_at: CreatedAt;
  id: Generated<number>;
  /** Handed to the twins it concerns when it was published (the API's casts); the feed passes over it. */
  handed_on: Generated<boolean>;
}

/** Twins. `character` and `choices` are JSON (see @fartwin/echo, character.ts). */
export interface AgentsTable {
  id: Generated<number>;
  agent_id: string;
  owner_fid: number;
  twin_fid: number;
  twin_username: string;
  twin_display_name: string;
  twin_pfp_url: string | null;
  wallet_address: string;
  token_address: string;
  token_symbol: string;
  status: Generated<string>;
  character: ColumnType<unknown, string, string>;
  choices: ColumnType<string[], string, string>;
  created_at: CreatedAt;
  /** Grows with every change of `character` after the deploy (migration 0015). */
  voice_version: Generated<number>;
}

/** Stored conversations: one row per turn, per twin and person chatting. */
export interface ChatTurnsTable {
  id: Generated<number>;
  agent_id: string;
  fid: number;
  role: DatabaseColumns['chat_turns']['role'];
  content: string;
  engine: string | null;
  created_at: CreatedAt;
}

/** Nonces the local Quick Auth server issued. */
export interface AuthNoncesTable {
  nonce: string;
  created_at: CreatedAt;
  used_at: Date | null;
}

/** Nonces web mode's wallet sign-in issued (auth/wallet-nonces.ts). */
export interface WalletSignInNoncesTable {
  nonce: string;
  created_at: CreatedAt;
}

/** A signed-out web session (its token's jti), kept until the token expires (auth/wallet-session-revocations.ts). */
export interface WalletSessionRevocationsTable {
  jti: string;
  expires_at: Date;
}

/** A twin in the making: the deploy pipeline's state and each step's output (deploy/). */
export interface DeploymentsTable {
  owner_fid: number;
  agent_id: string;
  choices: ColumnType<string[], string, string>;
  character: ColumnType<unknown, string, string>;
  status: DatabaseColumns['deployments']['status'];
  steps: ColumnType<unknown, string, string>;
  error_type: string | null;
  error_text: string | null;
  wallet_address: string | null;
  wallet_key_ciphertext: string | null;
  twin_fid: number | null;
  twin_username: string | null;
  twin_display_name: string | null;
  twin_pfp_url: string | null;
  twin_signer_id: string | null;
  token_address: string | null;
  token_symbol: string | null;
  token_tx_hash: string | null;
  token_salt: string | null;
  /** jsonb: chain/token-launcher.ts's TokenLaunchInfo. */
  token_launch_info: ColumnType<unknown, string | null | undefined, string | null>;
  battery_tx_hash: string | null;
  welcome_cast_hash: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Where to notify a user, per Farcaster client (app fid): from the client's webhook events. */
export interface NotificationTokensTable {
  fid: number;
  app_fid: number;
  url: string;
  token: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The last slot a rate-limited notice reserved on this token (0024); null: none waiting. */
  paced_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Wallets owners signed in with (web mode's SIWE): where Base's Notifications API reaches them (migration 0036). */
export interface WalletNotificationAddressesTable {
  fid: number;
  /** EIP-55 checksummed. */
  address: string;
  signed_in_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Each notice once per wallet on Base's channel (notify/base-sender.ts). */
export interface BaseNotificationSendsTable {
  notification_id: string;
  address: string;
  delivery_id: string;
  sent_at: Date | null;
  failure_reason: string | null;
  created_at: CreatedAt;
}

/** The last slot a request to Base's Notifications API took (one row). */
export interface BaseNotificationPaceTable {
  id: number;
  paced_until: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Webhook events applied, by JFS signature (replays are refused). */
export interface WebhookEventsTable {
  signature: string;
  fid: number;
  app_fid: number;
  event: string;
  received_at: CreatedAt;
}

/** A twin's expiry (unix seconds) as last indexed from LifeExtended events. */
export interface AgentLivesTable {
  agent_id: string;
  expires_at: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Life notifications sent: once per (twin, expiry, kind). */
export interface LifeNotificationsTable {
  agent_id: string;
  expires_at: number;
  kind: DatabaseColumns['life_notifications']['kind'];
  sent_at: CreatedAt;
}

/** Local mode: app keys clients sign webhook events with (public key hex, per user and client). */
export interface LocalAppKeysTable {
  public_key: string;
  fid: number;
  app_fid: number;
  created_at: CreatedAt;
}

/** How far each chain indexer has read. */
export interface ChainCursorsTable {
  name: string;
  block: number;
}

/** The /info switches of one twin (absent: the product's defaults). `*_since`: clock seconds turned on. */
export interface AgentActionsTable {
  agent_id: string;
  reply_on_farcaster: boolean;
  reply_to_direct_messages: boolean;
  content_writer: boolean;
  notifications: boolean;
  content_writer_since: number | null;
  notifications_since: number | null;
  /** Stops everything the twin does on its own (twin-switches/switches.ts). */
  paused: Generated<boolean>;
  /** "Ask me first": posts and thread replies become drafts (twin_drafts). */
  posts_ask_first: Generated<boolean>;
  replies_ask_first: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A schedule that is on (twin-switches/schedule-store.ts): slots after `after` are yet to come. */
export interface TwinSchedulesTable {
  agent_id: string;
  stream: DatabaseColumns['twin_schedules']['stream'];
  after: number;
  next_slot_at: number;
}

export type TwinWritingKind = DatabaseColumns['twin_writings']['kind'];

/** Whose turn it is to compose a twin's post (twin-actions/content-writer/post.ts): the post's writing key. */
export interface TwinPostTurnsTable {
  agent_id: string;
  key: string;
  /** When the turn was taken: it lapses POST_TURN_SECONDS later unless the post's text is stored. */
  taken_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** What a twin wrote on its own, once per key (twin-writes/). `delivered_ref`: cast hash, message id… */
export interface TwinWritingsTable {
  key: string;
  agent_id: string;
  kind: TwinWritingKind;
  text: string;
  engine: string | null;
  thread_hash: string | null;
  counterpart_fid: number | null;
  delivered_ref: string | null;
  /** The clock (unix seconds, chain time locally) when it was written. */
  clock_at: number;
  created_at: CreatedAt;
  delivered_at: Date | null;
  /** A thread reply's answered cast, clipped, and its author's username; null for rows before 0023. */
  answered_text: string | null;
  answered_username: string | null;
  /** What the output policy changed in its text (twin-actions/output-policy.ts); empty: nothing. */
  policy: ColumnType<PolicyChange[], PolicyChange[] | undefined, PolicyChange[]>;
}

/** A reply a twin wrote to someone, once per writing key: what the per-author and per-twin limits count. */
export interface TwinReplyChargesTable {
  key: string;
  agent_id: string;
  author_fid: number;
  channel: DatabaseColumns['twin_reply_charges']['channel'];
  charged_at: CreatedAt;
}

export type TwinWriteSkipReason = DatabaseColumns['twin_write_skips']['reason'];

/** What a twin did not write and why, once per writing key (the owner's activity lists them). */
export interface TwinWriteSkipsTable {
  key: string;
  agent_id: string;
  kind: DatabaseColumns['twin_write_skips']['kind'];
  reason: TwinWriteSkipReason;
  /** The cast hash or direct message id it concerns (a post's or digest's slot). */
  subject: string;
  /** Who it would have answered; null for posts and digests. */
  author_fid: number | null;
  created_at: CreatedAt;
}

export type TwinDraftStatus = DatabaseColumns['twin_drafts']['status'];

/** A writing held for the owner's review ("ask me first"), under its writing key. */
export interface TwinDraftsTable {
  key: string;
  agent_id: string;
  kind: DatabaseColumns['twin_drafts']['kind'];
  text: string;
  engine: string | null;
  /** The cast a reply answers. */
  parent_hash: string | null;
  thread_hash: string | null;
  counterpart_fid: number | null;
  clock_at: number;
  /** Discarded unreviewed at this clock time (unix seconds). */
  expires_at: number;
  status: Generated<TwinDraftStatus>;
  /** When a publish took it: another publish waits or, after a crash, takes it over. */
  claimed_at: Date | null;
  cast_hash: string | null;
  created_at: CreatedAt;
  /** As twin_writings': the cast a reply answers, clipped, and its author, kept for the published writing. */
  answered_text: string | null;
  answered_username: string | null;
  /** As twin_writings': what the output policy changed in its text. */
  policy: ColumnType<PolicyChange[], PolicyChange[] | undefined, PolicyChange[]>;
}

/** Local mode's direct messages. */
export interface LocalDirectMessagesTable {
  id: Generated<number>;
  from_fid: number;
  to_fid: number;
  text: string;
  idempotency_key: string | null;
  created_at: CreatedAt;
}

/** Neynar webhook deliveries accepted, by signature. */
export interface NeynarDeliveriesTable {
  signature: string;
  received_at: CreatedAt;
}

/** Outside inputs that shared work skipped (rejected-inputs/), once per source and key. */
export interface RejectedInputsTable {
  id: Generated<number>;
  source: string;
  key: string;
  reason: string;
  /** The start of the input, escaped (JSON string syntax) and bounded: safe to store and to log. */
  excerpt: string;
  block: number | null;
  tx_hash: string | null;
  created_at: CreatedAt;
}

/** One of the owner's casts a twin remembers (twin-mind/cast-memory-store.ts). */
export interface TwinMemoryTable {
  agent_id: string;
  cast_hash: string;
  kind: DatabaseColumns['twin_memory']['kind'];
  text: string;
  parent_text: string | null;
  cast_at: Date;
  /** Generated by Postgres from the text and the parent's text. */
  search: ColumnType<string | null, never, never>;
  parent_search: ColumnType<string | null, never, never>;
}

/** The owner's rewrite of one of the twin's replies, kept as an example (owner-controls/owner-examples.ts). */
export interface TwinExamplesTable {
  id: Generated<number>;
  agent_id: string;
  writing_key: string;
  message: string;
  answer: string;
  created_at: CreatedAt;
  message_search: ColumnType<string | null, never, never>;
}

/** One exchange a twin remembers of a person (@fartwin/echo, people-memory.ts), keyed by the writing that answered it. */
export interface PeopleMemoryTable {
  key: string;
  agent_id: string;
  fid: ColumnType<number, number, never>;
  username: string | null;
  channel: DatabaseColumns['people_memory']['channel'];
  said: string;
  topics: string[];
  created_at: CreatedAt;
}

/** A payment for a twin's life the indexer read (LifePaid with its LifeExtended), once per log. */
export interface RevivalsTable {
  tx_hash: string;
  log_index: number;
  agent_id: string;
  payer: string;
  block: number;
  clock_at: number;
  payer_fid: number | null;
  payer_username: string | null;
  /** social: a third party paid (notice and thanks); else why not. Null until the job ran. */
  outcome: DatabaseColumns['revivals']['outcome'];
  notified_at: Date | null;
  created_at: CreatedAt;
}

/** Each voice an owner saved (owner-controls/voice). */
export interface TwinVoiceVersionsTable {
  agent_id: string;
  version: number;
  voice: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** The newest of the owner's casts a twin has learned, and when it last looked. */
export interface TwinCastLearningTable {
  agent_id: string;
  newest_cast_at: Date | null;
  learned_at: Date;
}

/** The daily learning's exactly-once key. */
export interface TwinLearningDaysTable {
  agent_id: string;
  day: number;
  learned: number;
}

/** Every transaction the service signs (outbox/): the intent, then the signed bytes and hash, then the outcome. */
export interface OutboxTransactionsTable {
  id: Generated<number>;
  kind: DatabaseColumns['outbox_transactions']['kind'];
  /** The caller's exactly-once key (a withdrawal's request, a keeper step, a relayed authorization). */
  key: string;
  agent_id: string | null;
  /** The signing address, lowercase. */
  signer: string;
  tx_to: string;
  call_data: ColumnType<string, string | undefined, string>;
  /** numeric columns come back as strings. */
  value_wei: ColumnType<string, string | undefined, string>;
  status: ColumnType<
    DatabaseColumns['outbox_transactions']['status'],
    DatabaseColumns['outbox_transactions']['status'] | undefined,
    DatabaseColumns['outbox_transactions']['status']
  >;
  nonce: number | null;
  raw_tx: string | null;
  tx_hash: string | null;
  error: string | null;
  /** An intent not signed by then never is. */
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When it was signed (null until then): the withdrawal caps count by it. */
  signed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  asset: DatabaseColumns['outbox_transactions']['asset'];
  amount: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  recipient: string | null;
  requested_by_fid: number | null;
  period: string | null;
  step: string | null;
  weth_wei: string | null;
  usdc: string | null;
  token_amount: string | null;
  payer: string | null;
  auth_nonce: string | null;
  client_ip: string | null;
}

/** The next nonce the outbox hands out per signer, taken under `for update`. */
export interface OutboxSignersTable {
  address: string;
  next_nonce: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The owner's "Pay my battery from my token's fees" (default on). */
export interface TwinFeeSettingsTable {
  agent_id: string;
  pay_battery_from_fees: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** When the fee keeper last looked at a twin: its ticks take the longest-unseen first. */
export interface TwinFeeChecksTable {
  agent_id: string;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Fixed-window counters of the rate limits (limits/rate-limits.ts, which reads it on a pool of its own). */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** When the window ends, in ms since the epoch. */
  expire: number | null;
}

export interface Database {
  social_accounts: SocialAccountsTable;
  social_casts: SocialCastsTable;
  agents: AgentsTable;
  twin_voice_versions: TwinVoiceVersionsTable;
  twin_cast_learning: TwinCastLearningTable;
  twin_learning_days: TwinLearningDaysTable;
  chat_turns: ChatTurnsTable;
  auth_nonces: AuthNoncesTable;
  wallet_sign_in_nonces: WalletSignInNoncesTable;
  wallet_session_revocations: WalletSessionRevocationsTable;
  wallet_notification_addresses: WalletNotificationAddressesTable;
  base_notification_sends: BaseNotificationSendsTable;
  base_notification_pace: BaseNotificationPaceTable;
  deployments: DeploymentsTable;
  notification_tokens: NotificationTokensTable;
  webhook_events: WebhookEventsTable;
  agent_lives: AgentLivesTable;
  life_notifications: LifeNotificationsTable;
  chain_cursors: ChainCursorsTable;
  local_app_keys: LocalAppKeysTable;
  agent_actions: AgentActionsTable;
  twin_writings: TwinWritingsTable;
  twin_post_turns: TwinPostTurnsTable;
  twin_reply_charges: TwinReplyChargesTable;
  twin_write_skips: TwinWriteSkipsTable;
  twin_drafts: TwinDraftsTable;
  twin_schedules: TwinSchedulesTable;
  local_direct_messages: LocalDirectMessagesTable;
  neynar_deliveries: NeynarDeliveriesTable;
  rejected_inputs: RejectedInputsTable;
  rate_limits: RateLimitsTable;
  people_memory: PeopleMemoryTable;
  twin_memory: TwinMemoryTable;
  twin_examples: TwinExamplesTable;
  revivals: RevivalsTable;
  twin_fee_settings: TwinFeeSettingsTable;
  outbox_transactions: OutboxTransactionsTable;
  outbox_signers: OutboxSignersTable;
  twin_fee_checks: TwinFeeChecksTable;
}

/**
 * The schema above must agree with the migrated database (db/columns.generated.ts): the same tables,
 * the same columns, of types the database gives (or narrower; exactly the allowed values where a CHECK
 * lists them), NULL allowed in the same ones. A migration that adds, drops or changes a column
 * without this file, or the reverse, fails type-checking here with the table and column named.
 */
type NullableColumns<Row> = {
  [Column in keyof Row]-?: unknown extends Row[Column] ? never : null extends Row[Column] ? Column : never;
}[keyof Row];
/**
 * Columns whose written type is not one the database can give (a union of its values is fine), and
 * columns whose allowed values (a CHECK's list) are not exactly the written union.
 */
type MistypedColumns<Written, Migrated> = {
  [Column in keyof Written & keyof Migrated]-?: Written[Column] extends Migrated[Column]
    ? Migrated[Column] extends string | null
      ? string extends Migrated[Column]
        ? never
        : Migrated[Column] extends Written[Column]
          ? never
          : Column
      : never
    : Column;
}[keyof Written & keyof Migrated];
type TableDrift<Written, Migrated> =
  | MistypedColumns<Written, Migrated>
  | Exclude<keyof Written, keyof Migrated>
  | Exclude<keyof Migrated, keyof Written>
  | Exclude<NullableColumns<Written>, NullableColumns<Migrated>>
  | Exclude<NullableColumns<Migrated>, NullableColumns<Written>>;
type SchemaDrift =
  | Exclude<keyof Database, keyof DatabaseColumns>
  | Exclude<keyof DatabaseColumns, keyof Database>
  | {
      [Table in keyof Database &
        keyof DatabaseColumns]: `${Table}.${TableDrift<Selectable<Database[Table]>, DatabaseColumns[Table]> & string}`;
    }[keyof Database & keyof DatabaseColumns];
/** `true` when nothing drifted; otherwise the type names what did ("agents.status", "a_new_table"). */
export const schemaMatchesMigrations: [SchemaDrift] extends [never] ? true : SchemaDrift = true;
