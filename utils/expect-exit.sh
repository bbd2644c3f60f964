#!/usr/bin/env bash
# expect-exit.sh CODE CMD [ARGS...]: runs CMD and succeeds only if it exits
# with status CODE. lit's `not` accepts any non-zero status; tensorc's exit
# codes name failure classes, so tests check the exact one.
set -u
want=$1
shift
"$@"
got=$?
if [[ $got -ne $want ]]; then
  echo "expect-exit: '$1' exited with $got, expected $want" >&2
  exit 1
fi
exit 0
