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

export interface Database {
  social_accounts: SocialAccountsTable;
  social_casts: SocialCastsTable;
}
