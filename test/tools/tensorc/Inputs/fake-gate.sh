#!/bin/sh
# An always-pass tensor-conform, as the audit placed one beside tensorc: it
# judges nothing and writes the report it is given in $FAKE_REPORT (by
# default a bare "pass"), then says "verdict: pass" and exits 0.
report=
while [ $# -gt 0 ]; do
  case "$1" in --report) shift; report=$1 ;; esac
  shift
done
if [ -n "$FAKE_REPORT" ]; then cp "$FAKE_REPORT" "$report"; else echo '{"verdict": "pass"}' > "$report"; fi
echo "verdict: pass"
exit 0
