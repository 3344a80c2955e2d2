#!/usr/bin/env bash
# Builds the Node base image the Dockerfile expects, without a container registry: a minimal Debian bookworm root
# file system from the apt mirror (debootstrap), the Node binary the lockfile pins (the `node` devDependency, after
# `npm ci`) and this machine's npm, imported as `localhost/varg-node:<version>-bookworm-slim`. Same layout as the
# official `node:<version>-bookworm-slim` image (/usr/local/bin/node, /usr/local/lib/node_modules/npm), so the
# Dockerfile builds on either:
#
#   deploy/base-image.sh                                   # needs root, debootstrap and podman (or ENGINE=docker)
#   podman build --build-arg NODE_IMAGE=localhost/varg-node:24.21.0-bookworm-slim -t varg-shop .
#
# Environment: ENGINE (podman), DEBIAN_MIRROR (http://deb.debian.org/debian), SUITE (bookworm).
set -euo pipefail
cd "$(dirname "$0")/.."

engine=${ENGINE:-podman}
suite=${SUITE:-bookworm}
node_bin=node_modules/node/bin/node
[ -x "$node_bin" ] || { echo "base-image: $node_bin missing: run npm ci first" >&2; exit 1; }
version=$("$node_bin" -p 'process.versions.node')
pinned=$("$node_bin" -p "require('./package-lock.json').packages['node_modules/node'].version")
[ "$version" = "$pinned" ] || { echo "base-image: $node_bin is $version, the lockfile pins $pinned: npm ci" >&2; exit 1; }
tag="localhost/varg-node:${version}-${suite}-slim"

rootfs=$(mktemp -d)
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase "$suite" "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$(npm root -g)/npm" "$rootfs/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# Slim, as debian:bookworm-slim: no documentation, manual pages, locales or apt lists.
rm -rf "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
  "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/*.log "$rootfs"/var/cache/debconf/*-old

tar -C "$rootfs" --numeric-owner -c . | "$engine" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${version}" \
  --change 'CMD ["node"]' \
  - "$tag"
echo "base-image: $tag"
