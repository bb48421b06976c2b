#!/usr/bin/env bash
# Fails when a C or C++ line changed since BASE is not formatted as the
# root's .clang-format says, printing the diff that would format it:
#   scripts/format-check.sh [BASE]
# BASE (a commit) defaults to the merge base with origin/main. Where that
# is HEAD itself (a clone of main, as CI has) or there is no origin/main,
# the default is HEAD~1: the last commit's changes (all of a merge's, from
# its first parent). A repository of one commit has nothing to compare
# with, and passes. Uncommitted changes of tracked files count as changed.
# A moved file's changed lines are those that differ from where it came
# from (git diff -M): `git clang-format` would count every line of it.
# `git diff -M -U0 BASE | clang-format-diff -p1 -i` applies the diff. Only
# the changed lines are formatted, so the check is quick; it needs git and
# Debian's clang-format (14, with clang-format-diff), not the build.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang-format's own list would also take .json, .js and .proto files;
# only the C and C++ sources follow .clang-format.
extensions=c,h,cc,cpp,cxx,hpp,cu,cuh

base=${1:-}
if [ -z "$base" ]; then
  head=$(git rev-parse HEAD)
  if git rev-parse -q --verify origin/main >/dev/null; then
    base=$(git merge-base HEAD origin/main) || base=
  fi
  if [ -z "$base" ] || [ "$base" = "$head" ]; then
    if ! base=$(git rev-parse -q --verify 'HEAD~1^{commit}'); then
      echo "format-check: HEAD has no parent (here, at least: a shallow" \
        "clone has none); nothing to compare"
      exit 0
    fi
  fi
elif ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  echo "format-check: '$base' is not a commit" >&2
  exit 2
fi

formatter=$(command -v clang-format-diff || command -v clang-format-diff-14) || {
  echo "format-check: clang-format-diff not found (Debian's clang-format)" >&2
  exit 2
}
regex=".*\.(${extensions//,/|})"
short=$(git rev-parse --short "$base")
if ! diff=$(git diff -M -U0 --no-color "$base" -- |
            "$formatter" -p1 -regex "$regex"); then
  echo "$diff"
  echo "format-check: clang-format-diff failed" >&2
  exit 2
fi
if [ -n "$diff" ]; then
  echo "$diff"
  echo "format-check: lines changed since $short are not formatted" \
    "(.clang-format); 'git diff -M -U0 $short | $(basename "$formatter")" \
    "-p1 -i' formats them" >&2
  exit 1
fi
echo "format-check: the lines changed since $short are formatted"
