#!/bin/sh
# demo_build_test.sh SOURCE_DIR LIB_DIR — the build command in examples/demo.c's
# comment works as written: run from a copy of the repository layout whose
# build/lib is LIB_DIR, it builds the demo, which then reads a small matrix.
set -eu
src=$1
libdir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmd=$(awk '/^ \* Build/ { getline; sub(/^ \*   /, ""); print; exit }' "$src/examples/demo.c")
case $cmd in
cc\ *) ;;
*) echo "FAIL: no 'cc ...' line after ' * Build' in examples/demo.c (got: $cmd)"; exit 1 ;;
esac
mkdir -p "$tmp/build"
ln -s "$src/include" "$tmp/include"
ln -s "$src/examples" "$tmp/examples"
ln -s "$libdir" "$tmp/build/lib"
(cd "$tmp" && PWD=$tmp eval "$cmd")
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1.5\n2 3 -2\n3 2 4\n' >"$tmp/m.mtx"
"$tmp/demo" "$tmp/m.mtx" >"$tmp/out" || { cat "$tmp/out"; echo "FAIL: the demo built by the comment's command failed"; exit 1; }
echo "demo: examples/demo.c's build command works: $cmd"
