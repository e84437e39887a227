import type { Migration } from 'kysely';
import * as localSocialNetwork from './0001_local_social_network.ts';
import * as agentsChatAuth from './0002_agents_chat_auth.ts';
import * as deployments from './0003_deployments.ts';
import * as notifications from './0004_notifications.ts';
import * as twinActions from './0005_twin_actions.ts';
import * as rateLimits from './0006_rate_limits.ts';
import * as tokenSalt from './0007_token_salt.ts';
import * as walletSignInNonces from './0008_wallet_sign_in_nonces.ts';
import * as rateLimitsUnlogged from './0009_rate_limits_unlogged.ts';
import * as rejectedInputs from './0010_rejected_inputs.ts';
import * as twinWritingLimits from './0011_twin_writing_limits.ts';
import * as twinSchedules from './0013_twin_schedules.ts';
import * as walletSessionRevocations from './0014_wallet_session_revocations.ts';
import * as ownerVoice from './0015_owner_voice.ts';
import * as ownerApprovalPause from './0016_owner_approval_pause.ts';
import * as peopleMemory from './0017_people_memory.ts';
import * as twinFeeSpends from './0018_twin_fee_spends.ts';
import * as batteryRelays from './0019_battery_relays.ts';
import * as revivals from './0020_revivals.ts';
import * as scheduleTickCoveringIndexes from './0021_schedule_tick_covering_indexes.ts';
import * as feeKeeperChecks from './0022_fee_keeper_checks.ts';
import * as answeredCastsAndRetention from './0023_answered_casts_and_retention.ts';
import * as notificationPacing from './0024_notification_pacing.ts';
import * as sentSpendsIndex from './0025_sent_spends_index.ts';
import * as localCastsHandedOn from './0026_local_casts_handed_on.ts';
import * as replyChargeFunction from './0027_reply_charge_function.ts';
import * as tokenLaunchInfo from './0028_token_launch_info.ts';
import * as writingPolicy from './0031_writing_policy.ts';
import * as twinMemoryRows from './0032_twin_memory_rows.ts';
import * as ownerExamples from './0033_owner_examples.ts';
import * as withdrawalSignedAt from './0034_withdrawal_signed_at.ts';
import * as relayOutcomes from './0035_relay_outcomes.ts';
import * as baseNotifications from './0036_base_notifications.ts';
import * as twinMemoryWordsByRead from './202611282355_twin_memory_words_by_read.ts';
import * as outbox from './202611290325_outbox.ts';
import * as twinPostTurns from './202611290355_twin_post_turns.ts';
import * as outboxOperator from './202611290636_outbox_operator.ts';
import * as twinWriteSkipFailed from './202611292330_twin_write_skip_failed.ts';

/** Every migration, in order. Names are permanent once released: add, never rename. */
export const migrations: Record<string, Migration> = {
  '0001_local_social_network': localSocialNetwork,
  '0002_agents_chat_auth': agentsChatAuth,
  '0003_deployments': deployments,
  '0004_notifications': notifications,
  '0005_twin_actions': twinActions,
  '0006_rate_limits': rateLimits,
  '0007_token_salt': tokenSalt,
  '0008_wallet_sign_in_nonces': walletSignInNonces,
  '0009_rate_limits_unlogged': rateLimitsUnlogged,
  '0010_rejected_inputs': rejectedInputs,
  '0011_twin_writing_limits': twinWritingLimits,
  '0013_twin_schedules': twinSchedules,
  '0014_wallet_session_revocations': walletSessionRevocations,
  '0015_owner_voice': ownerVoice,
  '0016_owner_approval_pause': ownerApprovalPause,
  '0017_people_memory': peopleMemory,
  '0018_twin_fee_spends': twinFeeSpends,
  '0019_battery_relays': batteryRelays,
  '0020_revivals': revivals,
  '0021_schedule_tick_covering_indexes': scheduleTickCoveringIndexes,
  '0022_fee_keeper_checks': feeKeeperChecks,
  '0023_answered_casts_and_retention': answeredCastsAndRetention,
  '0024_notification_pacing': notificationPacing,
  '0025_sent_spends_index': sentSpendsIndex,
  '0026_local_casts_handed_on': localCastsHandedOn,
  '0027_reply_charge_function': replyChargeFunction,
  '0028_token_launch_info': tokenLaunchInfo,
  '0031_writing_policy': writingPolicy,
  '0032_twin_memory_rows': twinMemoryRows,
  '0033_owner_examples': ownerExamples,
  '0034_withdrawal_signed_at': withdrawalSignedAt,
  '0035_relay_outcomes': relayOutcomes,
  '0036_base_notifications': baseNotifications,
  '202611282355_twin_memory_words_by_read': twinMemoryWordsByRead,
  '202611290325_outbox': outbox,
  '202611290355_twin_post_turns': twinPostTurns,
  '202611290636_outbox_operator': outboxOperator,
  '202611292330_twin_write_skip_failed': twinWriteSkipFailed,
};
