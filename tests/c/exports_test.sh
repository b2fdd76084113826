#!/bin/sh
# exports_test.sh LIB HEADER — the shared library's dynamic symbol table holds
# exactly the functions that include/gosparse.h declares: nothing of the Go
# runtime or the cgo glue leaks (capi/exports.map), and nothing is missing.
set -eu
lib=$1
header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -D --defined-only "$lib" | awk '{print $NF}' | sort -u >"$tmp/exported"
grep -o 'gs_[a-z0-9_]*(' "$header" | tr -d '(' | sort -u >"$tmp/declared"

status=0
extra=$(grep -v '^gs_' "$tmp/exported" || true)
if [ -n "$extra" ]; then
    echo "FAIL: symbols outside the gs_* API are exported:"
    echo "$extra" | head -20
    status=1
fi
if ! diff -u "$tmp/declared" "$tmp/exported" >"$tmp/diff"; then
    echo "FAIL: exported gs_* symbols differ from the header's functions (- header, + library):"
    grep '^[-+]gs_' "$tmp/diff" || true
    status=1
fi
if [ "$status" = 0 ]; then
    echo "exports: $(wc -l <"$tmp/exported") symbols, exactly the header's functions"
fi
exit $status
