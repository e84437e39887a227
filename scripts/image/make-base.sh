#!/bin/sh
# Builds a stand-in for the official node:20-bookworm-slim image where no container registry is
# reachable: a minimal Debian bookworm from Debian's own packages (debootstrap), with this machine's
# Node.js and npm copied in the way the official image lays them out (/usr/local, user `node`, uid
# 1000), imported into podman. Pass it to the Dockerfile as BASE_IMAGE.
#
#   sudo scripts/image/make-base.sh [image-name]     (needs debootstrap and podman; runs as root)
#
# Default image name: localhost/fartwin-base:bookworm-node20. The work folder is $WORK_DIR
# (default: a new folder under /tmp), removed afterwards. Where this machine reaches the npm
# registry through a TLS-inspecting proxy, its CA bundle ($EXTRA_CA_CERTS, default
# $NODE_EXTRA_CA_CERTS) is copied in and trusted by Node and npm, so `npm ci` in the build works.
# Extra options for `podman run` (this sandbox: PODMAN_RUN_ARGS="--ulimit nofile=20000:20000
# --ulimit nproc=4096:4096", with PODMAN="podman --runtime runc") apply to the final check.
set -eu

IMAGE="${1:-localhost/fartwin-base:bookworm-node20}"
PODMAN="${PODMAN:-podman}"
EXTRA_CA_CERTS="${EXTRA_CA_CERTS:-${NODE_EXTRA_CA_CERTS:-}}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
WORK_DIR="${WORK_DIR:-$(mktemp -d /tmp/fartwin-base.XXXXXX)}"
ROOTFS="$WORK_DIR/rootfs"
mkdir -p "$WORK_DIR"

NODE_BIN="$(readlink -f "$(command -v node)")"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
NODE_VERSION="$("$NODE_BIN" --version)"
case "$NODE_VERSION" in
  v20.*) ;;
  *) echo "This machine's Node is $NODE_VERSION; the image wants Node 20." >&2; exit 1 ;;
esac

echo "debootstrap bookworm (minbase) into $ROOTFS"
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$WORK_DIR/debootstrap.log" 2>&1 ||
  { tail -20 "$WORK_DIR/debootstrap.log" >&2; exit 1; }

echo "adding Node $NODE_VERSION ($NODE_BIN) and npm ($NPM_DIR)"
install -D -m 0755 "$NODE_BIN" "$ROOTFS/usr/local/bin/node"
mkdir -p "$ROOTFS/usr/local/lib/node_modules"
cp -a "$NPM_DIR" "$ROOTFS/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
chroot "$ROOTFS" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
chroot "$ROOTFS" /usr/local/bin/node --version >/dev/null
CA_CHANGES=""
if [ -n "$EXTRA_CA_CERTS" ]; then
  echo "trusting the CA bundle $EXTRA_CA_CERTS"
  install -D -m 0644 "$EXTRA_CA_CERTS" "$ROOTFS/usr/local/share/fartwin-base/ca-bundle.crt"
  CA_CHANGES="/usr/local/share/fartwin-base/ca-bundle.crt"
fi
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/log/*.log

echo "importing into podman as $IMAGE"
set -- \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${NODE_VERSION#v}" \
  --change 'CMD ["node"]'
if [ -n "$CA_CHANGES" ]; then
  set -- "$@" --change "ENV NODE_EXTRA_CA_CERTS=$CA_CHANGES" --change "ENV npm_config_cafile=$CA_CHANGES"
fi
tar -C "$ROOTFS" -c . | $PODMAN import "$@" - "$IMAGE"
rm -rf "$WORK_DIR"
# shellcheck disable=SC2086
$PODMAN run --rm ${PODMAN_RUN_ARGS:-} "$IMAGE" sh -c 'echo "$(cat /etc/debian_version) node $(node --version) npm $(npm --version) user node=$(id -u node)"'
