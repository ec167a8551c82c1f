#!/usr/bin/env bash
# The step of action.yml that runs the suite (CONFORMANCE_CLI, made by bin/action-install.sh) with the action's
# inputs, in the workspace, and appends the Markdown summary to $GITHUB_STEP_SUMMARY. Its exit code is the run's:
# 0 conformant enough for the gate (certify: conformant), 1 a MUST rule failed or erred, 2 nothing ran.
set -uo pipefail

mode="${INPUT_MODE:-run}"
case "$mode" in
  run) [ -n "${INPUT_SIGN_KEY:-}" ] && { echo "conformance action: sign-key applies to mode certify" >&2; exit 2; } ;;
  certify) [ -n "${INPUT_BASELINE:-}" ] && { echo "conformance action: certify judges every rule: baseline does not apply" >&2; exit 2; } ;;
  *) echo "conformance action: mode takes run or certify, not '$mode'" >&2; exit 2 ;;
esac

args=("$mode" --reports "${INPUT_REPORTS:-reports}")
[ -n "${GITHUB_STEP_SUMMARY:-}" ] && args+=(--summary "$GITHUB_STEP_SUMMARY")
[ -n "${INPUT_PROFILE:-}" ] && args+=(--profile "$INPUT_PROFILE")
[ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
if [ -n "${INPUT_SIGN_KEY:-}" ]; then
  # The key exists on disk only in this file, for the run, readable by the runner's user alone.
  key="$(umask 077 && mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sign-key-XXXXXX")"
  trap 'rm -f "$key"' EXIT
  printf '%s\n' "$INPUT_SIGN_KEY" > "$key"
  args+=(--sign-key "$key")
fi
# The CLI does not see the key's text in its environment.
unset INPUT_SIGN_KEY
# Extra words, split on blanks: options such as --num-runs 1000 or --tag smoke.
read -r -a extra <<< "${INPUT_ARGS:-}"
# CONFORMANCE_CLI may be a command with words of its own (node path/to/conformance.mjs).
read -r -a cli <<< "${CONFORMANCE_CLI:?the step that installs the suite did not run}"
"${cli[@]}" "${args[@]}" "${extra[@]}"
