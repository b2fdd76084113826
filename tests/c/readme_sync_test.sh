#!/bin/sh
# readme_sync_test.sh README EXAMPLE — the C block of README.md's "A C example"
# section is byte-for-byte the program tests/c/readme_example.c that CTest builds.
set -eu
readme=$1
example=$2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk '/^## A C example/ { section = 1 } section && /^```c$/ { on = 1; next } on && /^```$/ { exit } on { print }' "$readme" >"$tmp"
if ! diff -u "$example" "$tmp"; then
    echo "FAIL: README.md's C example differs from $example (- file, + README)"
    exit 1
fi
echo "readme: the C example is tests/c/readme_example.c"
