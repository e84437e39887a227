import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Local mode's Farcaster: accounts of the local social network. */
export interface SocialAccountsTable {
  fid: ColumnType<number, number, never>;
  username: string;
  display_name: string;
  pfp_url: string | null;
  bio: string;
  custody_address: string;
  created_at: CreatedAt;
}

/** Casts of the local social network. */
export interface SocialCastsTable {
  hash: string;
  fid: number;
  text: string;
  parent_hash: string | null;
  embeds: ColumnType<string[], string, string>;
  created_at: CreatedAt;
  id: Generated<number>;
}

/** Twins. `character` and `choices` are JSON (see twin/character.ts). */
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
}

/** Stored conversations: one row per turn, per agent and person chatting. */
export interface ChatTurnsTable {
  id: Generated<number>;
  agent_id: string;
  fid: number;
  role: 'user' | 'assistant';
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

/** A twin in the making: the deploy pipeline's state and each step's output (deploy/). */
export interface DeploymentsTable {
  owner_fid: number;
  agent_id: string;
  choices: ColumnType<string[], string, string>;
  character: ColumnType<unknown, string, string>;
  status: 'running' | 'completed' | 'failed';
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
  battery_tx_hash: string | null;
  welcome_cast_hash: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  social_accounts: SocialAccountsTable;
  social_casts: SocialCastsTable;
  agents: AgentsTable;
  chat_turns: ChatTurnsTable;
  auth_nonces: AuthNoncesTable;
  deployments: DeploymentsTable;
}
