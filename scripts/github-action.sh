#!/usr/bin/env bash
# The one step of the tokensync GitHub Action (action.yml). tokensync itself writes the annotations
# (::error file=…), the job summary ($GITHUB_STEP_SUMMARY) and its outputs ($GITHUB_OUTPUT) when it runs
# under GitHub Actions; this script picks the commands and commits what a push changed.
set -euo pipefail

ts() {
  # The project's own tokensync (npm ci installed it), else whatever npx finds; never a download.
  if [ -x node_modules/.bin/tokensync ]; then node_modules/.bin/tokensync "$@"; else npx --no-install tokensync "$@"; fi
}

tokens_dir="${TOKENSYNC_TOKENS_DIR:-tokens}"

case "${TOKENSYNC_COMMAND:-check}" in
  check)
    ts check
    if [ "${TOKENSYNC_REMOTE:-true}" = "true" ]; then ts check --remote; fi
    ;;
  push)
    ts push
    # The lock records what the design file now holds; without it the next sync would see the push as
    # a conflict. Concurrency in the workflow keeps two pushes from racing on it.
    if [ "${TOKENSYNC_COMMIT_LOCK:-true}" = "true" ] && [ -n "$(git status --porcelain -- "$tokens_dir")" ]; then
      git add -A -- "$tokens_dir"
      git -c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
        commit -q -m "tokens: update the sync lock after pushing to the design file [skip ci]"
      # Someone may have pushed to the branch since this job started: rebase the lock commit onto it
      # (the lock is written only by this job, which the workflow's concurrency group serialises).
      branch="${GITHUB_REF_NAME:-main}"
      git push -q origin "HEAD:$branch" || { git pull -q --rebase origin "$branch" && git push -q origin "HEAD:$branch"; }
      echo "committed=true" >> "${GITHUB_OUTPUT:-/dev/null}"
    else
      echo "committed=false" >> "${GITHUB_OUTPUT:-/dev/null}"
    fi
    ;;
  pull)
    ts pull
    ;;
  *)
    echo "::error title=tokensync::unknown command \"${TOKENSYNC_COMMAND}\": use check, push or pull"
    exit 1
    ;;
esac
