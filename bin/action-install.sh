#!/usr/bin/env bash
# The step of action.yml that makes the suite's CLI: from the action's own repository (npm ci there; the CLI runs
# its TypeScript through tsx, no build step), or from a packed suite (INPUT_TARBALL) installed into a directory of
# the runner's. The suite itself is never fetched by its name. It hands the CLI's command to the next steps in $GITHUB_ENV.
set -euo pipefail

if [ -n "${INPUT_TARBALL:-}" ]; then
  tarball="$(realpath "$INPUT_TARBALL")"
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/conformance-suite"
  npm install --prefix "$prefix" --no-audit --no-fund --no-save "$tarball" >&2
  cli="$prefix/node_modules/.bin/conformance"
else
  # A second use of the action in one job finds its checkout installed (npm writes this file last).
  [ -f "${GITHUB_ACTION_PATH:?}/node_modules/.package-lock.json" ] ||
    (cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund >&2)
  cli="node $GITHUB_ACTION_PATH/bin/conformance.mjs"
fi
echo "CONFORMANCE_CLI=$cli" >> "${GITHUB_ENV:?}"
