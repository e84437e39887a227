/** A user of the local social network, as the bot service lists them. */
export interface LocalUser {
  fid: number;
  username: string;
  displayName: string;
  pfpUrl: string | null;
  custodyAddress: `0x${string}`;
}
