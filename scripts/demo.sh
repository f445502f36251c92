#!/usr/bin/env bash
# Installs, builds and runs the product on the embedded database with demo data:
# http://localhost:8080/app/  (user admin, password Admin@12345 unless ADMIN_PASSWORD is set).
# It listens on this machine only (127.0.0.1): the password is published. To open it to the network,
# change the password first, then start with HOST=0.0.0.0 (README, "Quick start").
source "$(dirname "$0")/lib.sh"
install_npm_packages
log "Building"
npm run build
log "Starting on http://${HOST:-127.0.0.1}:${PORT:-8080}/app/"
exec npm start
