#!/usr/bin/env bash
# Every jest suite of `npm test` (after lint, build and type-check), on both n8n versions, arranged
# for a machine of 2 cores:
# 1. the in-process suites, which keep a core busy: the floor's (n8n-core 2.8.1, Node 20) beside the
#    current engine's (n8n-core 2.41.1, Node 24), each with both cores offered;
# 2. the suites in a real n8n and the editor tests, which mostly wait on n8n (its minute polls, its
#    start-up): both versions side by side, two suites each (three each, with Chromium and n8n's
#    start-ups, starved the editor tests).
# A phase fails when either side fails; both sides always run to the end. Each line is prefixed
# with its n8n version. Arguments go to both sides' jest (e.g. a test path).
set -euo pipefail
cd "$(dirname "$0")/.."

floor() { node node_modules/jest/bin/jest.js "$@"; }
current() { bash scripts/jest-current.sh "$@"; }

# Runs two commands at once, each line prefixed; fails if either failed.
side_by_side() {
	local first="$1" second="$2" status=0
	(set -o pipefail; eval "$first" 2>&1 | sed -u 's/^/[2.8.4]  /') &
	local first_pid=$!
	(set -o pipefail; eval "$second" 2>&1 | sed -u 's/^/[2.41.1] /') &
	local second_pid=$!
	wait "$first_pid" || status=1
	wait "$second_pid" || status=1
	return "$status"
}

# With a path or a pattern, a project that has no such test is no failure.
args=""
[ $# -gt 0 ] && args="--passWithNoTests $(printf '%q ' "$@")"
started=$SECONDS

# The in-process suites need only the current engine's install, but they start once both installs
# are done: an install compiling beside them (n8n's Kafka client, sqlite3) starves the suites that
# read 200,000 webhooks or 1,000 pages past their time limits.
printf '\n=== waiting for both n8n installs (%s)\n' "$(date -u +%H:%M:%S)"
bash test/e2e/ensure-n8n.sh all

installs_done=$SECONDS
printf '\n=== in-process suites, both engines (%s)\n' "$(date -u +%H:%M:%S)"
phase1=0
side_by_side \
	"floor --selectProjects unit package --maxWorkers=2 $args" \
	"current --selectProjects 'unit (n8n-core 2.41)' --maxWorkers=2 $args" || phase1=1

phase1_done=$SECONDS
printf '\n=== real n8n and the editor, both versions (%s, %ss so far)\n' "$(date -u +%H:%M:%S)" "$((SECONDS - started))"
phase2=0
side_by_side \
	"floor --selectProjects e2e browser --maxWorkers=2 $args" \
	"current --selectProjects 'e2e (n8n 2.41)' 'browser (n8n 2.41)' --maxWorkers=2 $args" || phase2=1

verdict() { [ "$1" -eq 0 ] && echo passed || echo FAILED; }
printf '\n=== jest suites finished in %ss: waiting for the installs %ss, in-process %ss (%s), real n8n and the editor %ss (%s)\n' \
	"$((SECONDS - started))" "$((installs_done - started))" "$((phase1_done - installs_done))" "$(verdict $phase1)" \
	"$((SECONDS - phase1_done))" "$(verdict $phase2)"
[ $phase1 -eq 0 ] && [ $phase2 -eq 0 ]
