#!/usr/bin/env bash
# Builds localhost/dermis-node:MAJOR, a stand-in for the official node:MAJOR-bookworm-slim image, from
# what these machines can reach: Debian's packages (debootstrap) and the npm registry (the node and
# npm packages). The project's machines have no container registry, so the Dockerfile's default base
# cannot be pulled here; everything else in the image build is the same.
# Usage: tools/container/node-base-image.sh 24
set -euo pipefail
major="${1:-24}"
here="$(cd "$(dirname "$0")/../.." && pwd)"
image="localhost/dermis-node:$major"
if podman image exists "$image"; then echo "$image"; exit 0; fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
debootstrap --variant=minbase --include=ca-certificates bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }

node_bin="$("$here/tools/node-from-npm.sh" "$major")"
install -m 0755 "$node_bin/node" "$root/usr/local/bin/node"
(cd "$work" && npm pack --silent npm@11 >/dev/null && mkdir -p "$root/usr/local/lib/node_modules" &&
  tar xzf npm-*.tgz && mv package "$root/usr/local/lib/node_modules/npm")
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The machine's own certificate authorities: its network may inspect TLS with a CA of its own, and
# npm inside the image build must trust what npm outside it trusts.
install -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
mkdir -p "$root/usr/local/etc"
echo 'cafile=/etc/ssl/certs/ca-certificates.crt' >"$root/usr/local/etc/npmrc"
# The official images' unprivileged user.
chroot "$root" /usr/sbin/groupadd --gid 1000 node
chroot "$root" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
tar -C "$root" -c . | podman import --change 'CMD ["node"]' - "$image" >/dev/null
echo "$image"
