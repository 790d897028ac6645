#!/usr/bin/env bash
# Builds the Dockerfile's image with podman and runs it as production would, against this machine's
# PostgreSQL and Redis: it must start as a non-root user, migrate, answer /healthz and /readyz, and
# refuse a wrong password with 401 (the database answers through it).
# Usage: tools/container/image-test.sh   (needs root, podman, runc and debootstrap; see .ci/run)
set -euo pipefail
cd "$(dirname "$0")/../.."
log() { printf '\n== container: %s\n' "$*"; }

# This machine's kernel refuses the resource limits and cgroup setup that podman's defaults ask of
# crun; runc with no default limits works.
mkdir -p /etc/containers
grep -qs 'default_ulimits' /etc/containers/containers.conf ||
  printf '[containers]\ndefault_ulimits = []\n' >>/etc/containers/containers.conf
podman=(podman --runtime runc)

log "base image (Debian bookworm and Node 24 from the npm registry)"
base="$(tools/container/node-base-image.sh 24)"

log "building the Dockerfile on $base"
"${podman[@]}" build --network=host --build-arg "NODE_IMAGE=$base" -t localhost/dermis:test . >/tmp/dermis-image-build.log 2>&1 ||
  { tail -40 /tmp/dermis-image-build.log; exit 1; }
"${podman[@]}" image inspect localhost/dermis:test --format 'image size: {{.Size}} bytes, user: {{.Config.User}}'

db="dermis_image_$(date +%s)_$$"
psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE \"$db\""
port=18$((RANDOM % 900 + 100))
name="dermis-image-test-$$"
cleanup() {
  "${podman[@]}" rm -f "$name" >/dev/null 2>&1 || true
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS \"$db\"" >/dev/null 2>&1 || true
}
trap cleanup EXIT

log "running it on port $port against PostgreSQL database $db"
"${podman[@]}" run -d --name "$name" --network=host \
  -e PORT="$port" -e HOST=127.0.0.1 \
  -e JWT_SECRET=image-test-secret-0123456789abcdef0123 \
  -e DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" \
  -e REDIS_URL=redis://127.0.0.1:6379 -e REDIS_KEY_PREFIX="$name:" \
  -e SMTP_URL=smtp://127.0.0.1:9 \
  localhost/dermis:test >/dev/null

for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  "${podman[@]}" inspect -f '{{.State.Running}}' "$name" | grep -q true ||
    { "${podman[@]}" logs "$name" | tail -30; echo "the container stopped"; exit 1; }
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/healthz"; echo
curl -fsS "http://127.0.0.1:$port/readyz" 2>/dev/null && echo || echo "(no /readyz)"
uid="$("${podman[@]}" exec "$name" id -u)"
[ "$uid" != 0 ] || { echo "the server runs as root"; exit 1; }
echo "server runs as uid $uid"
status="$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -d '{"username":"nobody","password":"Wrong12345"}' "http://127.0.0.1:$port/api/auth/login")"
[ "$status" = 401 ] || { echo "sign-in with a wrong password answered $status, not 401"; "${podman[@]}" logs "$name" | tail -30; exit 1; }
echo "a wrong password answers 401"
log "passed"
