#!/usr/bin/env bash
# Smoke test of a built image in production mode against a PostgreSQL on this machine (decision 063): creates its own
# database, runs the migration command twice (the second finds nothing to do), checks that the server refuses to
# start on the seeded sample legal texts, publishes stand-in texts with the image's own command, starts the server
# as the image's unprivileged user on a read-only root file system, asks /health, /ready, a page, a built asset and
# /metrics on the internal port, stops it with SIGTERM (expects exit 0), and drops the database again.
#
#   deploy/smoke-test.sh localhost/varg-shop:latest
#
# Environment: ENGINE (podman), SMOKE_PG (postgres://postgres@127.0.0.1:5432/postgres: a role that may create
# databases), SMOKE_PORT (3150; SMOKE_PORT+1 is the internal port). The container shares the host's network.
set -euo pipefail

image=${1:?usage: deploy/smoke-test.sh IMAGE}
engine=${ENGINE:-podman}
admin=${SMOKE_PG:-postgres://postgres@127.0.0.1:5432/postgres}
port=${SMOKE_PORT:-3150}
internal=$((port + 1))
db="varg_smoke_$$"
base=http://127.0.0.1:$port
work=$(mktemp -d)
name="varg-smoke-$$"

cleanup() {
  "$engine" rm -f "$name" >/dev/null 2>&1 || true
  psql "$admin" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
fail() { echo "smoke-test: FAILED: $*" >&2; exit 1; }

psql "$admin" -qc "create database $db"
database_url="${admin%/*}/$db"

# shellcheck source=deploy/smoke-env.sh
. "$(dirname "$0")/smoke-env.sh"
{ smoke_env "$database_url" https://shop.example.com; printf 'PORT=%s\nINTERNAL_PORT=%s\n' "$port" "$internal"; } > "$work/env"
printf '# Example Motors legal text\n\nThe legal entity'"'"'s own text.\n' > "$work/legal.md"
chmod a+r "$work/env" "$work/legal.md"

# As the image runs in Kubernetes: its own user, read-only root, writable /tmp and DATA_DIR only.
run=("$engine" run --rm --network host --env-file "$work/env" --read-only --tmpfs /tmp --tmpfs /app/data
  -v "$work/legal.md:/legal.md:ro")

step "migrate (npm run migrate = node scripts/migrate.ts)"
"${run[@]}" "$image" node scripts/migrate.ts | tee "$work/migrate.log"
grep -q 'migrate: the database is at' "$work/migrate.log" || fail "migrate"
step "migrate again: nothing left to do"
"${run[@]}" "$image" node scripts/migrate.ts

step "production start refuses the seeded sample legal texts"
set +e
"${run[@]}" "$image" >"$work/refusal.log" 2>&1
code=$?
set -e
cat "$work/refusal.log"
[ "$code" = 1 ] || fail "expected exit 1, got $code"
grep -q 'legal documents: .* still the seeded sample text' "$work/refusal.log" || fail "refusal message"

step "publish the legal entity's texts (npm run legal:publish)"
samples=$(sed -n 's/.*still the seeded sample text (\(.*\)); .*/\1/p' "$work/refusal.log" | tr ',' '\n' | sed 's/^ *//')
[ -n "$samples" ] || fail "no sample list in the refusal"
while read -r kind country lang; do
  "${run[@]}" "$image" node scripts/legal-publish.ts "$kind" "$country" "$lang" /legal.md
done <<<"$samples"

step "serve"
"$engine" run -d --name "$name" --network host --env-file "$work/env" --read-only --tmpfs /tmp --tmpfs /app/data \
  "$image" >/dev/null
for _ in $(seq 1 90); do
  curl -fsS "$base/health" >/dev/null 2>&1 && break
  "$engine" container exists "$name" || fail "the server exited: see above"
  sleep 1
done
check() {
  local url=$1 expect=$2 status
  status=$(curl -s -o "$work/body" -w '%{http_code}' "$url")
  printf '%s %s\n' "$status" "$url"
  [ "$status" = "$expect" ] || { head -c 400 "$work/body"; fail "$url answered $status, expected $expect"; }
}
check "$base/health" 200
check "$base/ready" 200
check "$base/en-US" 200
grep -q '<html lang="en-US"' "$work/body" || fail "the page is not the shop's"
! grep -q 'data-demo-ribbon' "$work/body" || fail "production shows the demo ribbon"
asset=$(grep -o '/assets/[A-Za-z0-9._-]*\.js' "$work/body" | head -1)
check "$base$asset" 200
check "$base/v1/country?status=1&limit=5" 200
check "$base/metrics" 404
check "http://127.0.0.1:$internal/metrics" 200
check "$base/v1/dev/mailbox" 404
echo "user: $("$engine" exec "$name" id -u):$("$engine" exec "$name" id -g)"
[ "$("$engine" exec "$name" id -u)" = 10001 ] || fail "not the image's user"
if "$engine" healthcheck run "$name" >/dev/null 2>&1; then echo "HEALTHCHECK: healthy"; else
  echo "HEALTHCHECK: not run (image built without the docker format?)"; fi

step "SIGTERM: drain and exit 0"
"$engine" stop -t 20 "$name" >/dev/null
code=$("$engine" inspect "$name" --format '{{.State.ExitCode}}')
"$engine" logs "$name" 2>&1 | tail -n 3
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
echo "smoke-test: passed ($image)"
