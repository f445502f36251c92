#!/usr/bin/env bash
# Installs what the tests need and runs every check CI runs: lint, typecheck, build, unit tests,
# API tests on embedded PGlite and on PostgreSQL, browser tests in Debian's chromium.
source "$(dirname "$0")/lib.sh"
install_npm_packages
ensure_chromium
ensure_postgres
ensure_redis
ensure_rabbitmq
log "Lint";            npm run lint
log "Typecheck";       npm run typecheck
log "Build";           npm run build
log "Web weight budget"; npm run test:web-budget
log "Unit tests";      npm run test:unit
log "API tests on PGlite";     npm run test:api:pglite
log "API tests on PostgreSQL"; npm run test:api:pg
log "Browser tests";   npm run test:e2e
log "All checks passed"
