#!/usr/bin/env bash
# Installs, builds and runs the product on the embedded database with demo data:
# http://localhost:8080/app/  (user admin, password Admin@12345 unless ADMIN_PASSWORD is set)
source "$(dirname "$0")/lib.sh"
install_npm_packages
log "Building"
npm run build
log "Starting on http://localhost:${PORT:-8080}/app/"
exec npm start
