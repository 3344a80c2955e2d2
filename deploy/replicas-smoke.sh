#!/usr/bin/env bash
# What compose.yaml does, where no Compose and no Docker Hub images are at hand (decision 063): two replicas of the
# image (host network, ports 3150 and 3152) on this machine's PostgreSQL (a database of its own, dropped after) and
# Redis (127.0.0.1:6379), behind Debian's Caddy (`apt-get install caddy`) running deploy/compose/Caddyfile with the
# upstream names replaced by the replicas' addresses (TLS from Caddy's internal CA on https://localhost:3160). Sends
# requests through Caddy, kills one replica with SIGKILL, sends more, restarts it. No MinIO: uploads go to DATA_DIR.
#
#   deploy/replicas-smoke.sh localhost/varg-shop:latest
set -euo pipefail
cd "$(dirname "$0")/.."
image=${1:?usage: deploy/replicas-smoke.sh IMAGE}
db=varg_lb_$$
work=$(mktemp -d)
psql -h 127.0.0.1 -U postgres -qc "create database $db"
cleanup() {
  podman rm -f lb-app-1 lb-app-2 >/dev/null 2>&1 || true
  [ -f "$work/caddy.pid" ] && kill "$(cat "$work/caddy.pid")" 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" || true
  rm -rf "$work"
}
trap cleanup EXIT
# shellcheck source=deploy/smoke-env.sh
. deploy/smoke-env.sh
{ smoke_env "postgres://postgres@127.0.0.1:5432/$db" https://localhost:3160; echo REDIS_URL=redis://127.0.0.1:6379; } > "$work/env"
printf '# Example Motors legal text\n\nText.\n' > "$work/legal.md"
chmod a+r "$work/env" "$work/legal.md"
run=(podman run --rm --network host --env-file "$work/env" --read-only --tmpfs /tmp --tmpfs /app/data -v "$work/legal.md:/legal.md:ro")
"${run[@]}" "$image" node scripts/migrate.ts 2>&1 | grep -v systemd
for doc in "imprint * en-us" "privacy * en-us" "sale * de" "sale * en-us" "sale * fr"; do
  read -r k c l <<<"$doc"; "${run[@]}" "$image" node scripts/legal-publish.ts "$k" "$c" "$l" /legal.md 2>&1 | grep -v systemd
done
# Both replicas start at once: they take turns on the migration lock (nothing left to do) and seed nothing new.
for i in 1 2; do
  podman run -d --name lb-app-$i --network host --env-file "$work/env" -e PORT=$((3148 + 2 * i)) -e LOG_LEVEL=info \
    --read-only --tmpfs /tmp --tmpfs /app/data "$image" >/dev/null 2>&1
done
for port in 3150 3152; do
  for _ in $(seq 1 90); do curl -fsS "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break; sleep 1; done
  echo "replica :$port ready: $(curl -s http://127.0.0.1:$port/ready)"
done
{ printf '{\n\tadmin off\n\thttp_port 3161\n\thttps_port 3160\n}\n\n'; sed 's#reverse_proxy app-1:3000 app-2:3000#reverse_proxy 127.0.0.1:3150 127.0.0.1:3152#' deploy/compose/Caddyfile; } > "$work/Caddyfile"
SHOP_DOMAIN=localhost:3160 SHOP_TLS=internal XDG_DATA_HOME=$work/caddy-data XDG_CONFIG_HOME=$work/caddy-config \
  caddy run --adapter caddyfile --config "$work/Caddyfile" > "$work/caddy.log" 2>&1 &
echo $! > "$work/caddy.pid"
for _ in $(seq 1 30); do curl -ksf https://localhost:3160/health >/dev/null 2>&1 && break; sleep 1; done
echo "through Caddy (TLS): $(curl -ks -o /dev/null -w '%{http_code} %{ssl_verify_result}' https://localhost:3160/en-US) /en-US; $(curl -ks https://localhost:3160/ready)"
echo "x-request-id set by Caddy: $(curl -ks -D - -o /dev/null https://localhost:3160/health | grep -i '^x-request-id' | tr -d '\r')"
count() { podman logs "$1" 2>/dev/null | grep -c '"msg":"incoming request"' || true; }
b1=$(count lb-app-1); b2=$(count lb-app-2)
fails=0; for _ in $(seq 1 60); do code=$(curl -ks -o /dev/null -w '%{http_code}' https://localhost:3160/v1/country?status=1\&limit=3); [ "$code" = 200 ] || fails=$((fails+1)); done
echo "60 API requests through Caddy: $fails failed; replica 1 served $(( $(count lb-app-1) - b1 )), replica 2 $(( $(count lb-app-2) - b2 ))"
podman kill -s KILL lb-app-1 >/dev/null 2>&1
echo "replica 1 killed with SIGKILL"
fails=0; for _ in $(seq 1 60); do code=$(curl -ks -o /dev/null -w '%{http_code}' https://localhost:3160/en-US); [ "$code" = 200 ] || fails=$((fails+1)); done
echo "60 page requests after the kill: $fails failed"
podman rm -f lb-app-1 >/dev/null 2>&1
podman run -d --name lb-app-1 --network host --env-file "$work/env" -e PORT=3150 --read-only --tmpfs /tmp --tmpfs /app/data "$image" >/dev/null 2>&1
for _ in $(seq 1 90); do curl -fsS http://127.0.0.1:3150/ready >/dev/null 2>&1 && break; sleep 1; done
sleep 6
b1=$(count lb-app-1)
fails=0; for _ in $(seq 1 60); do code=$(curl -ks -o /dev/null -w '%{http_code}' https://localhost:3160/v1/country?status=1\&limit=3); [ "$code" = 200 ] || fails=$((fails+1)); done
echo "replica 1 restarted; 60 more requests: $fails failed, replica 1 served $(( $(count lb-app-1) - b1 ))"
sleep 30
b1=$(count lb-app-1)
fails=0; for _ in $(seq 1 60); do code=$(curl -ks -o /dev/null -w '%{http_code}' https://localhost:3160/v1/country?status=1\&limit=3); [ "$code" = 200 ] || fails=$((fails+1)); done
echo "30 s later (the passive fail_duration): 60 more requests: $fails failed, replica 1 served $(( $(count lb-app-1) - b1 ))"
echo "keys in Redis (the shared rate-limit counters): $(redis-cli --scan --pattern '*' 2>/dev/null | head -200 | wc -l)"
