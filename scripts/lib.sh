# Shared helpers for the scripts in this folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root for: $*" >&2; return 1; fi
}

install_npm_packages() {
  log "Installing npm packages"
  npm ci --no-audit --no-fund
}

ensure_services() {
  ensure_chromium
  ensure_postgres
  ensure_redis
  ensure_rabbitmq
}

# Browser tests drive Debian's chromium (a test tool never downloads its own browser), with CJK fonts so
# they see pages as users do (without them Chinese is drawn as boxes of another width and forms wrap
# differently than on a user's screen).
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && dpkg -s fonts-noto-cjk >/dev/null 2>&1; then return; fi
  log "Installing Debian's chromium and CJK fonts"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-noto-cjk
}

# API tests run against a real PostgreSQL server too; start the local cluster when it is down.
ensure_postgres() {
  local url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
  if pg_isready -q -d "$url" 2>/dev/null; then return; fi
  if ls /etc/postgresql >/dev/null 2>&1; then
    log "Starting PostgreSQL"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_isready -q -d "$url" 2>/dev/null && return; sleep 1; done
  echo "PostgreSQL is not reachable at $url: start it, or set TEST_DATABASE_URL to a server where this user may create databases." >&2
  exit 1
}

# The Redis nonce store is tested when Redis runs; CI starts it so that test always runs there.
ensure_redis() {
  if redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then return; fi
  if command -v redis-server >/dev/null; then
    log "Starting Redis"
    mkdir -p /tmp/care-redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp/care-redis --logfile /tmp/care-redis/redis.log || true
    for _ in $(seq 1 10); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && return; sleep 0.5; done
  fi
  echo "Redis is not running; its nonce-store test will be skipped." >&2
}

# Live push over RabbitMQ is tested when RabbitMQ runs (guest/guest on 127.0.0.1:5672); CI starts it.
ensure_rabbitmq() {
  if (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then return; fi
  if command -v rabbitmq-server >/dev/null; then
    log "Starting RabbitMQ"
    as_root rabbitmq-server -detached || true
    for _ in $(seq 1 60); do (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null && return; sleep 1; done
  fi
  echo "RabbitMQ is not running; its live-push tests will be skipped." >&2
}

# Stages: each is timed, and the times are printed when the script ends (print_stage_times, on EXIT),
# so a slow CI run shows where its minutes went.
STAGE_TIMES=()

record_stage() { STAGE_TIMES+=("$(printf '%5d s  %s%s' "$2" "$1" "${3:+  ($3)}")"); }

# The machine's busy and total CPU time so far (jiffies, all cores, from /proc/stat): a stage's
# average busy cores tells whether running something beside it could gain anything.
cpu_jiffies() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat 2>/dev/null || echo "0 0"; }

# busy_cores BUSY0 TOTAL0: the average cores busy since that reading, as "1.4 of 2 cores busy".
busy_cores() {
  local busy total cores
  read -r busy total < <(cpu_jiffies)
  cores=$(nproc 2>/dev/null || echo 1)
  awk -v b=$((busy - $1)) -v t=$((total - $2)) -v c="$cores" 'BEGIN { if (t > 0) printf "%.1f of %d cores busy", b / t * c, c; else printf "cores busy unknown" }'
}

print_stage_times() {
  [ ${#STAGE_TIMES[@]} -gt 0 ] || return 0
  log "Stage times (total ${SECONDS} s)"
  printf '%s\n' "${STAGE_TIMES[@]}"
}

# stage NAME COMMAND...: runs one stage.
stage() {
  local name=$1 start=$SECONDS busy0 total0
  shift
  read -r busy0 total0 < <(cpu_jiffies)
  log "$name"
  if "$@"; then record_stage "$name" $((SECONDS - start)) "$(busy_cores "$busy0" "$total0")"; else record_stage "$name" $((SECONDS - start)) "failed, $(busy_cores "$busy0" "$total0")"; return 1; fi
}

# parallel_stages NAME COMMAND [NAME COMMAND …]: runs the stages at once (commands as strings), each
# with its output kept in a file of its own and shown whole when it ends; fails if any failed.
parallel_stages() {
  local dir names=() pids=() failed=0 i busy0 total0 start0=$SECONDS
  dir=$(mktemp -d)
  read -r busy0 total0 < <(cpu_jiffies)
  local args=("$@") list=""
  for ((i = 0; i < ${#args[@]}; i += 2)); do list+="${list:+, }${args[$i]}"; done
  log "At once: $list"
  while [ $# -gt 0 ]; do
    i=${#names[@]}
    names+=("$1")
    (start=$SECONDS; rc=0; bash -c "$2" >"$dir/$i.out" 2>&1 || rc=$?; echo "$((SECONDS - start)) $rc" >"$dir/$i.rc"; exit "$rc") &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || true
    local seconds rc
    read -r seconds rc <"$dir/$i.rc"
    log "${names[$i]} ($seconds s, $( [ "$rc" = 0 ] && echo passed || echo "failed: exit $rc"))"
    cat "$dir/$i.out"
    if [ "$rc" = 0 ]; then record_stage "${names[$i]}" "$seconds" "at once"; else record_stage "${names[$i]}" "$seconds" "at once, failed"; failed=1; fi
  done
  rm -rf "$dir"
  record_stage "(the stages above, together)" $((SECONDS - start0)) "$(busy_cores "$busy0" "$total0")"
  return $failed
}
