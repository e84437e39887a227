import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { Lives } from '../lives/lives.ts';
import type { NotificationSender } from '../notify/sender.ts';
import type { DirectMessages } from '../providers/direct-messages.ts';
import type { FarcasterActions } from '../providers/farcaster-actions.ts';
import type { FarcasterData } from '../providers/farcaster-data.ts';
import type { ChatEngine } from '../twin/engines/chat-engine.ts';
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
  /** The mini-app's address: links to a twin's page, notifications' target. */
  publicUrl: string;
  /** Who twins answer and how often (config.replyRules). */
  replyRules: ReplyRules;
}
