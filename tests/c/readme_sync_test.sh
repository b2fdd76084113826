#!/bin/sh
# readme_sync_test.sh README EXAMPLE [SECTION LANG] — the LANG block (default c)
# of README.md's SECTION (default "A C example") is byte-for-byte the program
# EXAMPLE that CTest builds.
set -eu
readme=$1
example=$2
section=${3:-A C example}
lang=${4:-c}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v title="## $section" -v fence="\`\`\`$lang" \
    '$0 == title { section = 1 } section && $0 == fence { on = 1; next } on && /^```$/ { exit } on { print }' \
    "$readme" >"$tmp"
if [ ! -s "$tmp" ]; then
    echo "FAIL: README.md has no $lang block under \"## $section\""
    exit 1
fi
if ! diff -u "$example" "$tmp"; then
    echo "FAIL: README.md's \"$section\" block differs from $example (- file, + README)"
    exit 1
fi
echo "readme: the \"$section\" block is $example"
