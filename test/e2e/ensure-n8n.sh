#!/usr/bin/env bash
# Installs the pinned real n8n (test/e2e/n8n/package.json and its lockfile) into
# test/e2e/n8n/node_modules, which is git-ignored, unless that exact version is already there.
# Used by the end-to-end suite and by `npm run dev`. From scratch: about 3 minutes and 2.3 GB.
set -euo pipefail
dir="$(cd "$(dirname "$0")/n8n" && pwd)"
want="$(node -p "require(process.argv[1]).dependencies.n8n" "$dir/package.json")"
have="$("$dir/node_modules/.bin/n8n" --version 2>/dev/null || true)"
if [ "$have" = "$want" ]; then
	exit 0
fi

echo "Installing n8n $want into $dir (once; about 3 minutes)..."
# `npm install --no-save`, not `npm ci`: the registry has no builds of four optional
# platform packages (@msgpackr-extract/* for macOS, Windows, 32-bit ARM), so the lockfile cannot
# list them and `npm ci` rejects it as out of sync. `npm install` still installs the versions the
# lockfile lists, and --no-save leaves the lockfile untouched.
npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error
"$dir/node_modules/.bin/n8n" --version
