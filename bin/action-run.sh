#!/usr/bin/env bash
# The step of action.yml that runs the suite: installs the package (unless CONFORMANCE_CLI names a CLI already
# installed), runs it with the action's inputs, and appends the Markdown summary to $GITHUB_STEP_SUMMARY.
# Its exit code is the run's: 0 conformant enough for the gate, 1 a MUST rule failed or erred, 2 nothing ran.
set -uo pipefail

if [ -z "${CONFORMANCE_CLI:-}" ]; then
  prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/conformance-suite"
  npm install --prefix "$prefix" --no-audit --no-fund --no-save "${INPUT_PACKAGE:?}" >&2 || exit 2
  CONFORMANCE_CLI="$prefix/node_modules/.bin/conformance"
fi

args=(run --reports "${INPUT_REPORTS:-reports}")
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--summary "$GITHUB_STEP_SUMMARY")
[ -n "${INPUT_PROFILE:-}" ] && args+=(--profile "$INPUT_PROFILE")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
# Extra words, split on blanks: options such as --num-runs 1000 or --tag smoke.
read -r -a extra <<< "${INPUT_ARGS:-}"
# CONFORMANCE_CLI may be a command with words of its own (node path/to/conformance.mjs).
read -r -a cli <<< "$CONFORMANCE_CLI"
exec "${cli[@]}" "${args[@]}" "${extra[@]}"
