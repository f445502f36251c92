#!/usr/bin/env bash
# Installs what the tests need and runs every check CI runs: lint, typecheck, build, unit tests,
# API tests on embedded PGlite and on PostgreSQL, browser tests in Debian's chromium. Prints the time
# of each stage at the end (docs/testing.md has the split).
source "$(dirname "$0")/lib.sh"
trap print_stage_times EXIT
stage "npm ci" install_npm_packages
stage "Services (chromium, PostgreSQL, Redis, RabbitMQ)" ensure_services
# Lint, typecheck and unit tests read sources only; on two cores they share the machine well (each is
# single-threaded for long stretches).
parallel_stages \
  "Lint" "npm run lint" \
  "Typecheck" "npm run typecheck" \
  "Unit tests" "npm run test:unit"
stage "Build" npm run build
stage "Web weight budget" npm run test:web-budget
stage "API tests on PGlite" npm run test:api:pglite
stage "API tests on PostgreSQL" npm run test:api:pg
stage "Browser tests" npm run test:e2e
log "All checks passed"
