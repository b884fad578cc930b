#!/usr/bin/env bash
# The one step of the tokensync GitHub Action (action.yml). tokensync itself writes the annotations
# (::error file=…), the job summary ($GITHUB_STEP_SUMMARY) and its outputs ($GITHUB_OUTPUT) when it runs
# under GitHub Actions; this script picks the commands and commits what a push changed (docs/ci.md).
set -euo pipefail

ts() {
  # The project's own tokensync (the install step put it there), else whatever npx finds; never a download.
  if [ -x node_modules/.bin/tokensync ]; then node_modules/.bin/tokensync "$@"; else npx --no-install tokensync "$@"; fi
}

tokens_dir="${TOKENSYNC_TOKENS_DIR:-tokens}"
bot=(-c user.name="github-actions[bot]" -c user.email="41898282+github-actions[bot]@users.noreply.github.com")

# The lock straight onto the branch that was pushed (needs a token allowed to push there).
commit_lock_to_branch() {
  git "${bot[@]}" commit -q -m "tokens: update the sync lock after pushing to the design file [skip ci]"
  # Someone may have pushed to the branch since this job started: rebase the lock commit onto it
  # (the lock is written only by this job, which the workflow's concurrency group serialises).
  local branch="${GITHUB_REF_NAME:-main}"
  git push -q origin "HEAD:$branch" || { git pull -q --rebase origin "$branch" && git push -q origin "HEAD:$branch"; }
}

# The lock as a pull request from tokensync/lock: what works under branch protection. Each push job
# replaces the branch with the newest lock; merging it is a no-op push (the lock matches the file).
commit_lock_as_pull_request() {
  local base="${GITHUB_REF_NAME:-main}" branch="tokensync/lock"
  git switch -q -C "$branch"
  git "${bot[@]}" commit -q -m "tokens: update the sync lock after pushing to the design file"
  git push -q --force origin "$branch"
  if [ -z "$(gh pr list --head "$branch" --base "$base" --state open --json number --jq '.[].number')" ]; then
    gh pr create --base "$base" --head "$branch" --title "tokens: the sync lock after a push to the design file" \
      --body "tokensync pushed the tokens of $base to the design file. This updates tokens/sync.lock.json, the base of the next sync: merge it soon. Opened by the tokensync push job."
  fi
}

case "${TOKENSYNC_COMMAND:-check}" in
  check)
    # On a pull request: valid, and merging would push cleanly (drift passes; conflicts fail).
    if [ "${TOKENSYNC_REMOTE:-true}" = "true" ]; then ts check --mergeable; else ts check; fi
    ;;
  push)
    ts push
    # The lock records what the design file now holds; without it the next sync would see the push as
    # a conflict. Concurrency in the workflow keeps two pushes from racing on it.
    mode="${TOKENSYNC_COMMIT_LOCK:-pull-request}"
    if [ "$mode" != "false" ] && [ -n "$(git status --porcelain -- "$tokens_dir")" ]; then
      git add -A -- "$tokens_dir"
      case "$mode" in
        pull-request) commit_lock_as_pull_request; where=pull-request ;;
        push | true) commit_lock_to_branch; where=branch ;;
        *)
          echo "::error title=tokensync::commit-lock is \"$mode\": use pull-request, push or false"
          exit 1
          ;;
      esac
      printf 'committed=true\ncommitted-to=%s\n' "$where" >> "${GITHUB_OUTPUT:-/dev/null}"
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
