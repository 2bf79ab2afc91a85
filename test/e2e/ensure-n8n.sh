#!/usr/bin/env bash
# Installs the pinned real n8n (test/e2e/n8n/package.json and its lockfile) into
# test/e2e/n8n/node_modules, which is git-ignored, unless that exact version is already there.
# Used by the end-to-end suite and by `npm run dev`. From scratch: about 5 minutes on 2 cores, 2.3 GB.
set -euo pipefail
dir="$(cd "$(dirname "$0")/n8n" && pwd)"
want="$(node -p "require(process.argv[1]).dependencies.n8n" "$dir/package.json")"
have="$("$dir/node_modules/.bin/n8n" --version 2>/dev/null || true)"
if [ "$have" = "$want" ]; then
	exit 0
fi

echo "Installing n8n $want into $dir (once; about 5 minutes on 2 cores)..."
# npm is quiet for minutes here (it prints only errors): a line every 15 s says it is still working.
started="$(date +%s)"
(
	while sleep 15 >/dev/null 2>&1; do
		elapsed=$(($(date +%s) - started))
		printf '  still installing n8n: %dm %02ds so far (usually about 5 minutes)\n' $((elapsed / 60)) $((elapsed % 60))
	done
) &
ticker=$!
trap 'kill "$ticker" 2>/dev/null || true' EXIT
npm_args=(--prefix "$dir" --no-audit --no-fund --loglevel=error)
# `npm ci` installs exactly the lockfile. The registry here has no builds of four optional
# platform packages (@msgpackr-extract/* for macOS, Windows, 32-bit ARM), so the lockfile lists
# them without a download address, as OS-restricted optional entries that npm skips on Linux.
# Should a future lockfile lack such entries, `npm ci` refuses it: `npm install --no-save` then
# installs the lockfile's versions too, after resolving the whole tree (about 4 minutes more).
if ! npm ci "${npm_args[@]}"; then
	echo "npm ci rejected the lockfile; installing with npm install --no-save instead"
	npm install --no-save "${npm_args[@]}"
fi
"$dir/node_modules/.bin/n8n" --version
