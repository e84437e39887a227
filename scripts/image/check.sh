#!/bin/sh
# Builds the image from the Dockerfile on a local base (scripts/image/make-base.sh: Debian bookworm
# from debootstrap with this machine's Node 20, for where no container registry is reachable) and
# checks that it starts in production mode as an API process beside a worker process (FARTWIN_ROLE)
# and answers /health/live and /health/ready against a real Postgres and chain on this machine
# (scripts/image/backends.ts: throwaway Postgres, anvil with the contracts deployed); the worker answers
# its probes and no requests. Not part of `npm test`. Needs root, podman, debootstrap (if the base is
# missing), curl, and the repository's npm install (for the backends).
#
#   scripts/image/check.sh
#
# Environment: BASE_IMAGE (default localhost/fartwin-base:bookworm-node20, made if missing),
# IMAGE (default localhost/fartwin-server:check), CHECK_PORT (13099), PODMAN (e.g. "podman
# --runtime runc"), PODMAN_RUN_ARGS (e.g. "--ulimit nofile=20000:20000 --ulimit nproc=4096:4096").
set -eu
cd "$(dirname "$0")/../.."

PODMAN="${PODMAN:-podman}"
RUN_ARGS="${PODMAN_RUN_ARGS:-}"
BASE="${BASE_IMAGE:-localhost/fartwin-base:bookworm-node20}"
IMAGE="${IMAGE:-localhost/fartwin-server:check}"
PORT="${CHECK_PORT:-13099}"
WORK="$(mktemp -d /tmp/fartwin-image-check.XXXXXX)"
# Postgres runs as its own user when started by root: it must reach the data folder.
chmod 755 "$WORK"
NAME="fartwin-image-check-$$"
WORKER_NAME="fartwin-image-check-worker-$$"
WORKER_PORT=$((PORT + 1))
BACKENDS=""

cleanup() {
  $PODMAN rm -f "$NAME" "$WORKER_NAME" >/dev/null 2>&1 || true
  if [ -n "$BACKENDS" ]; then kill "$BACKENDS" 2>/dev/null && wait "$BACKENDS" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

if ! $PODMAN image exists "$BASE"; then
  PODMAN="$PODMAN" PODMAN_RUN_ARGS="$RUN_ARGS" scripts/image/make-base.sh "$BASE"
fi

echo "== podman build (BASE_IMAGE=$BASE)"
# shellcheck disable=SC2086
$PODMAN build --format docker --network=host $RUN_ARGS --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" .

echo "== Postgres and a chain with the contracts on this machine"
node --import tsx scripts/image/backends.ts "$WORK/backends" >"$WORK/backends.log" 2>&1 &
BACKENDS=$!
i=0
until grep -q '^{' "$WORK/backends.log" 2>/dev/null; do
  i=$((i + 1))
  if [ "$i" -gt 240 ] || ! kill -0 "$BACKENDS" 2>/dev/null; then cat "$WORK/backends.log" >&2; exit 1; fi
  sleep 1
done

# Production mode with fresh keys; Neynar and the account association are placeholders (nothing
# at start-up or in the checks below calls Neynar).
grep '^{' "$WORK/backends.log" | head -1 | PORT="$PORT" node -e '
  let text = "";
  process.stdin.on("data", (chunk) => { text += chunk; }).on("end", () => {
    const backends = JSON.parse(text);
    const { randomBytes } = require("node:crypto");
    const key = () => `0x${randomBytes(32).toString("hex")}`;
    const b64 = (value) => Buffer.from(value).toString("base64url");
    const env = {
      FARTWIN_MODE: "production",
      HOST: "127.0.0.1",
      PORT: process.env.PORT,
      PUBLIC_URL: "https://fartwin.example.com",
      DATABASE_URL: backends.databaseUrl,
      CHAIN_RPC_URL: backends.rpcUrl,
      USDC_ADDRESS: backends.usdc,
      FARTWIN_LIFE_ADDRESS: backends.fartwinLife,
      OPERATOR_PRIVATE_KEY: key(),
      WALLET_ENCRYPTION_KEY: key(),
      WALLET_SESSION_SECRET: key(),
      NEYNAR_API_KEY: "placeholder",
      NEYNAR_WALLET_ID: "placeholder",
      ACCOUNT_ASSOCIATION: JSON.stringify({ header: b64("{}"), payload: b64("{\"domain\":\"fartwin.example.com\"}"), signature: b64("placeholder") }),
      LIFE_WATCH_INTERVAL_SECONDS: "5",
    };
    console.log(Object.entries(env).map(([name, value]) => `${name}=${value}`).join("\n"));
  });' >"$WORK/env"

echo "== podman run $IMAGE (production mode, host network): API on port $PORT, worker on $WORKER_PORT"
# shellcheck disable=SC2086
$PODMAN run -d --name "$NAME" --network=host $RUN_ARGS --env-file "$WORK/env" -e FARTWIN_ROLE=api "$IMAGE" >/dev/null
# shellcheck disable=SC2086
$PODMAN run -d --name "$WORKER_NAME" --network=host $RUN_ARGS --env-file "$WORK/env" -e FARTWIN_ROLE=worker \
  -e PORT="$WORKER_PORT" "$IMAGE" >/dev/null

i=0
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/health/ready")" = 200 ]; do
  i=$((i + 1))
  if [ "$i" -gt 120 ]; then
    echo "/health/ready did not answer 200 within 120 s" >&2
    curl -s "http://127.0.0.1:$PORT/health/ready" >&2 || true
    $PODMAN logs "$NAME" 2>&1 | tail -30 >&2
    exit 1
  fi
  sleep 1
done
echo "ready after ~${i} s"
for path in /health/live /health/ready /health /doppelganger/agents; do
  printf '%s -> ' "$path"
  curl -s -w ' [%{http_code}]\n' "http://127.0.0.1:$PORT$path"
done
printf 'index.html -> '
curl -s -o /dev/null -w '%{http_code} %{content_type}\n' "http://127.0.0.1:$PORT/"
worker_live="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$WORKER_PORT/health/live")"
echo "worker /health/live -> [$worker_live]"
if [ "$worker_live" != 200 ]; then $PODMAN logs "$WORKER_NAME" 2>&1 | tail -30 >&2; exit 1; fi
worker_agents="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$WORKER_PORT/doppelganger/agents")"
echo "worker /doppelganger/agents -> [$worker_agents]"
if [ "$worker_agents" != 404 ]; then echo "the worker process answered a request" >&2; exit 1; fi
printf 'user in the container: '
$PODMAN exec "$NAME" id
if $PODMAN healthcheck run "$NAME" 2>/dev/null; then echo "HEALTHCHECK: healthy"; else echo "HEALTHCHECK: unhealthy" >&2; exit 1; fi
$PODMAN stop -t 30 "$NAME" >/dev/null
$PODMAN stop -t 30 "$WORKER_NAME" >/dev/null
echo "stopped with exit code $($PODMAN inspect "$NAME" --format '{{.State.ExitCode}}') after SIGTERM"
echo "image check passed"
