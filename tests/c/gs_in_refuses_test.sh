#!/bin/sh
# gs_in_refuses_test.sh CC INCLUDE [CXX] — GS_IN accepts only a gs_const_array *:
# given a gs_array * the compiler must complain (C: a warning, an error under
# -Werror; C++: an error), so a mutable array cannot pass through it unnoticed.
set -eu
cc=$1
include=$2
cxx=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/ok.c" <<'C'
#include "gosparse.h"
const gs_array *f(const gs_const_array *a) { return GS_IN(a); }
C
cat >"$tmp/bad.c" <<'C'
#include "gosparse.h"
const gs_array *f(gs_array *a) { return GS_IN(a); }
C
"$cc" -std=c11 -Wall -Werror -I"$include" -c "$tmp/ok.c" -o "$tmp/ok.o" ||
    { echo "FAIL: GS_IN of a gs_const_array * does not compile"; exit 1; }
if "$cc" -std=c11 -Wall -Werror -I"$include" -c "$tmp/bad.c" -o "$tmp/bad.o" 2>"$tmp/err"; then
    echo "FAIL: GS_IN accepted a gs_array *"
    exit 1
fi
grep -q "pointer type mismatch\|distinct pointer types\|incompatible" "$tmp/err" ||
    { echo "FAIL: unexpected diagnostic:"; cat "$tmp/err"; exit 1; }
if [ -n "$cxx" ]; then
    cp "$tmp/ok.c" "$tmp/ok.cpp"
    cp "$tmp/bad.c" "$tmp/bad.cpp"
    "$cxx" -std=c++17 -Wall -Werror -I"$include" -c "$tmp/ok.cpp" -o "$tmp/ok.o" ||
        { echo "FAIL: C++: GS_IN of a gs_const_array * does not compile"; exit 1; }
    if "$cxx" -std=c++17 -I"$include" -c "$tmp/bad.cpp" -o "$tmp/bad.o" 2>"$tmp/err"; then
        echo "FAIL: C++: GS_IN accepted a gs_array *"
        exit 1
    fi
    grep -q "distinct pointer types\|incompatible\|invalid conversion" "$tmp/err" ||
        { echo "FAIL: C++: unexpected diagnostic:"; cat "$tmp/err"; exit 1; }
fi
echo "gs_in_refuses: GS_IN takes a gs_const_array * and refuses a gs_array *${cxx:+ (C and C++)}"
