import type { Logger } from 'pino';
import type { BaseNotifier, NotificationSender } from '../notify/index.ts';
import type { Lives } from '../platform/chain/lives.ts';
import type { Db } from '../platform/db/database.ts';
import type { DirectMessages } from '../platform/providers/direct-messages.ts';
import type { FarcasterActions } from '../platform/providers/farcaster-actions.ts';
import type { FarcasterData } from '../platform/providers/farcaster-data.ts';
import type { ChatEngine } from '../twin-mind/index.ts';
import { allowedLinkHosts } from './output-policy.ts';
import type { ReplyRules } from './reply-rules.ts';

/** What the twin's writers need. */
export interface TwinActionDeps {
  db: Db;
  logger: Logger;
  farcaster: FarcasterData;
  farcasterActions: FarcasterActions;
  directMessages: DirectMessages;
  chatEngine: ChatEngine;
  lives: Lives;
  sender: NotificationSender;
  /** Base's Notifications API (when configured): drafts and digests reach owners signed in by wallet there too. */
  base?: BaseNotifier;
  /** The mini-app's address: links to a twin's page, notifications' target. */
  publicUrl: string;
  /** Who twins answer and how often (config.replyRules). */
  replyRules: ReplyRules;
  /** Hosts other than the app's own that a twin's text may link to (config.twinLinkHosts); none when absent. */
  linkAllowList?: readonly string[];
}

/** The hosts a twin's text may link to: the app's own, and the operator's allow-list. */
export function linkHostsOf(deps: Pick<TwinActionDeps, 'publicUrl' | 'linkAllowList'>): string[] {
  return allowedLinkHosts(deps.publicUrl, deps.linkAllowList ?? []);
}
