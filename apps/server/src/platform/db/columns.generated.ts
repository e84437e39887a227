// Generated from the migrated database by `npm run db:types -w @fartwin/server`: do not edit.
// db/schema.ts must agree with it (checked at compile time there).

/** Every table of the migrated database, each column as a row read gives it. */
export interface DatabaseColumns {
  agent_actions: {
    agent_id: string;
    reply_on_farcaster: boolean;
    reply_to_direct_messages: boolean;
    content_writer: boolean;
    notifications: boolean;
    content_writer_since: number | null;
    notifications_since: number | null;
    updated_at: Date;
    paused: boolean;
    posts_ask_first: boolean;
    replies_ask_first: boolean;
  };
  agent_lives: {
    agent_id: string;
    expires_at: number;
    updated_at: Date;
  };
  agents: {
    id: number;
    agent_id: string;
    owner_fid: number;
    twin_fid: number;
    twin_username: string;
    twin_display_name: string;
    twin_pfp_url: string | null;
    wallet_address: string;
    token_address: string;
    token_symbol: string;
    status: string;
    character: unknown;
    choices: unknown;
    created_at: Date;
    voice_version: number;
  };
  auth_nonces: {
    nonce: string;
    created_at: Date;
    used_at: Date | null;
  };
  base_notification_pace: {
    id: number;
    paced_until: Date;
  };
  base_notification_sends: {
    notification_id: string;
    address: string;
    delivery_id: string;
    sent_at: Date | null;
    failure_reason: string | null;
    created_at: Date;
  };
  chain_cursors: {
    name: string;
    block: number;
  };
  chat_turns: {
    id: number;
    agent_id: string;
    fid: number;
    role: 'user' | 'assistant';
    content: string;
    engine: string | null;
    created_at: Date;
  };
  deployments: {
    owner_fid: number;
    agent_id: string;
    choices: unknown;
    character: unknown;
    status: 'running' | 'completed' | 'failed';
    steps: unknown;
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
    created_at: Date;
    updated_at: Date;
    token_salt: string | null;
    token_launch_info: unknown | null;
  };
  life_notifications: {
    agent_id: string;
    expires_at: number;
    kind: 'battery-warning' | 'dead';
    sent_at: Date;
  };
  local_app_keys: {
    public_key: string;
    fid: number;
    app_fid: number;
    created_at: Date;
  };
  local_direct_messages: {
    id: number;
    from_fid: number;
    to_fid: number;
    text: string;
    idempotency_key: string | null;
    created_at: Date;
  };
  neynar_deliveries: {
    signature: string;
    received_at: Date;
  };
  notification_tokens: {
    fid: number;
    app_fid: number;
    url: string;
    token: string;
    updated_at: Date;
    paced_until: Date | null;
  };
  outbox_signers: {
    address: string;
    next_nonce: number;
    updated_at: Date;
  };
  outbox_transactions: {
    id: number;
    kind: 'withdrawal' | 'keeper' | 'relay' | 'operator';
    key: string;
    agent_id: string | null;
    signer: string;
    tx_to: string;
    call_data: string;
    value_wei: string;
    status: 'intent' | 'sent' | 'confirmed' | 'failed';
    nonce: number | null;
    raw_tx: string | null;
    tx_hash: string | null;
    error: string | null;
    expires_at: Date;
    created_at: Date;
    updated_at: Date;
    signed_at: Date | null;
    asset: 'eth' | 'usdc' | 'token' | null;
    amount: string | null;
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
  };
  people_memory: {
    key: string;
    agent_id: string;
    fid: number;
    username: string | null;
    channel: 'chat' | 'thread' | 'dm';
    said: string;
    topics: string[];
    created_at: Date;
  };
  rate_limits: {
    key: string;
    points: number;
    expire: number | null;
  };
  rejected_inputs: {
    id: number;
    source: string;
    key: string;
    reason: string;
    excerpt: string;
    block: number | null;
    tx_hash: string | null;
    created_at: Date;
  };
  revivals: {
    tx_hash: string;
    log_index: number;
    agent_id: string;
    payer: string;
    block: number;
    clock_at: number;
    payer_fid: number | null;
    payer_username: string | null;
    outcome: 'social' | 'own-wallet' | 'operator' | 'owner' | null;
    notified_at: Date | null;
    created_at: Date;
  };
  social_accounts: {
    fid: number;
    username: string;
    display_name: string;
    pfp_url: string | null;
    bio: string;
    custody_address: string;
    created_at: Date;
    score: number;
  };
  social_casts: {
    id: number;
    hash: string;
    fid: number;
    text: string;
    parent_hash: string | null;
    embeds: unknown;
    created_at: Date;
    thread_hash: string;
    handed_on: boolean;
  };
  twin_cast_learning: {
    agent_id: string;
    newest_cast_at: Date | null;
    learned_at: Date;
  };
  twin_drafts: {
    key: string;
    agent_id: string;
    kind: 'post' | 'thread-reply';
    text: string;
    engine: string | null;
    parent_hash: string | null;
    thread_hash: string | null;
    counterpart_fid: number | null;
    clock_at: number;
    expires_at: number;
    status: 'pending' | 'publishing' | 'published' | 'discarded' | 'expired';
    claimed_at: Date | null;
    cast_hash: string | null;
    created_at: Date;
    answered_text: string | null;
    answered_username: string | null;
    policy: string[];
  };
  twin_examples: {
    id: number;
    agent_id: string;
    writing_key: string;
    message: string;
    answer: string;
    created_at: Date;
    message_search: string | null;
  };
  twin_fee_checks: {
    agent_id: string;
    checked_at: Date;
  };
  twin_fee_settings: {
    agent_id: string;
    pay_battery_from_fees: boolean;
    updated_at: Date;
  };
  twin_learning_days: {
    agent_id: string;
    day: number;
    learned: number;
  };
  twin_memory: {
    agent_id: string;
    cast_hash: string;
    kind: 'post' | 'reply';
    text: string;
    parent_text: string | null;
    cast_at: Date;
    search: string | null;
    parent_search: string | null;
  };
  twin_post_turns: {
    agent_id: string;
    key: string;
    taken_at: Date;
  };
  twin_reply_charges: {
    key: string;
    agent_id: string;
    author_fid: number;
    channel: 'cast' | 'direct-message';
    charged_at: Date;
  };
  twin_schedules: {
    agent_id: string;
    stream: 'post' | 'digest';
    after: number;
    next_slot_at: number;
  };
  twin_voice_versions: {
    agent_id: string;
    version: number;
    voice: unknown;
    created_at: Date;
  };
  twin_write_skips: {
    key: string;
    agent_id: string;
    kind: 'thread-reply' | 'dm-reply' | 'post' | 'digest' | 'thank-you';
    reason: 'author-limit' | 'twin-limit' | 'switched-off' | 'dead' | 'filtered' | 'thread-bound' | 'paused' | 'draft-expired' | 'failed';
    subject: string;
    author_fid: number | null;
    created_at: Date;
  };
  twin_writings: {
    key: string;
    agent_id: string;
    kind: 'thread-reply' | 'dead-reply' | 'dm-reply' | 'post' | 'digest' | 'thank-you';
    text: string;
    engine: string | null;
    thread_hash: string | null;
    counterpart_fid: number | null;
    delivered_ref: string | null;
    clock_at: number;
    created_at: Date;
    delivered_at: Date | null;
    answered_text: string | null;
    answered_username: string | null;
    policy: string[];
  };
  wallet_notification_addresses: {
    fid: number;
    address: string;
    signed_in_at: Date;
  };
  wallet_session_revocations: {
    jti: string;
    expires_at: Date;
  };
  wallet_sign_in_nonces: {
    nonce: string;
    created_at: Date;
  };
  webhook_events: {
    signature: string;
    fid: number;
    app_fid: number;
    event: string;
    received_at: Date;
  };
}
