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
