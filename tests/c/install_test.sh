#!/bin/sh
# install_test.sh SRC WORK — `make install PREFIX=WORK/prefix`, then build and
# run tests/c/readme_example.c as an outside project would: with CMake's
# find_package(gosparse) (shared and static targets) and with pkg-config.
set -eu
src=$(cd "$1" && pwd)
work=$2
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
prefix=$work/prefix

# A nested make must not inherit the jobserver of a make that runs ctest.
env -u MAKEFLAGS -u MFLAGS make -C "$src" install PREFIX="$prefix" >"$work/install.log" 2>&1 || {
    cat "$work/install.log"
    exit 1
}
for f in include/gosparse.h include/gosparse.hpp lib/libgosparse.so lib/libgosparse.a lib/pkgconfig/gosparse.pc \
    lib/cmake/gosparse/gosparseConfig.cmake lib/cmake/gosparse/gosparseConfigVersion.cmake; do
    [ -f "$prefix/$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done
# A versioned SONAME with the usual links: libgosparse.so -> .so.0 -> .so.X.Y.Z.
version=$(sed -n 's/^#define GS_VERSION_STRING "\(.*\)"/\1/p' "$src/include/gosparse.h")
[ "$(readlink "$prefix/lib/libgosparse.so")" = libgosparse.so.0 ] &&
    [ "$(readlink "$prefix/lib/libgosparse.so.0")" = "libgosparse.so.$version" ] &&
    [ -f "$prefix/lib/libgosparse.so.$version" ] && [ ! -L "$prefix/lib/libgosparse.so.$version" ] ||
    { echo "FAIL: expected lib/libgosparse.so -> libgosparse.so.0 -> libgosparse.so.$version"; ls -l "$prefix/lib"; exit 1; }
soname=$(objdump -p "$prefix/lib/libgosparse.so.$version" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = libgosparse.so.0 ] || { echo "FAIL: SONAME is '$soname', expected libgosparse.so.0"; exit 1; }

# cmake --install of the project's own CMake build installs the same files.
cmake -S "$src" -B "$work/cmake-build" -DGOSPARSE_BUILD_TESTS=OFF >"$work/cmake.log" 2>&1 &&
    cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1 &&
    cmake --install "$work/cmake-build" --prefix "$work/cmake-prefix" >>"$work/cmake.log" 2>&1 ||
    { cat "$work/cmake.log"; echo "FAIL: cmake --install"; exit 1; }
(cd "$prefix" && find . | sort) >"$work/make.files"
(cd "$work/cmake-prefix" && find . | sort) >"$work/cmake.files"
diff -u "$work/make.files" "$work/cmake.files" ||
    { echo "FAIL: cmake --install installs other files than make install (- make, + cmake)"; exit 1; }
[ "$(readlink "$work/cmake-prefix/lib/libgosparse.so.0")" = "libgosparse.so.$version" ] ||
    { echo "FAIL: cmake --install: libgosparse.so.0 is not a link to libgosparse.so.$version"; exit 1; }
# The generated cgo header is never installed.
if ls "$prefix/include" | grep -v -x -e gosparse.h -e gosparse.hpp; then
    echo "FAIL: unexpected files in include/"
    exit 1
fi

# 1. CMake consumer.
mkdir -p "$work/consumer"
cp "$src/tests/c/readme_example.c" "$work/consumer/main.c"
version=$(sed -n 's/^#define GS_VERSION_STRING "\(.*\)"/\1/p' "$src/include/gosparse.h")
cat >"$work/consumer/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(gosparse $version REQUIRED CONFIG)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE gosparse::gosparse)
add_executable(consumer_static main.c)
target_link_libraries(consumer_static PRIVATE gosparse::gosparse_static)
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 || {
    cat "$work/cmake.log"
    exit 1
}
cmake --build "$work/consumer/build" >>"$work/cmake.log" 2>&1 || {
    cat "$work/cmake.log"
    exit 1
}
"$work/consumer/build/consumer"
"$work/consumer/build/consumer_static"
# The static consumer carries its own copy of the library.
if ldd "$work/consumer/build/consumer_static" | grep -q libgosparse; then
    echo "FAIL: consumer_static links libgosparse.so"
    exit 1
fi

# A version this install cannot satisfy is refused.
sed -i "s/find_package(gosparse $version/find_package(gosparse 99.0/" "$work/consumer/CMakeLists.txt"
if cmake -S "$work/consumer" -B "$work/consumer/build99" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake99.log" 2>&1; then
    echo "FAIL: find_package(gosparse 99.0) succeeded"
    exit 1
fi

# 2. pkg-config consumer.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion gosparse)" = "$version" ] || { echo "FAIL: pkg-config version"; exit 1; }
libdir=$(pkg-config --variable=libdir gosparse)
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -o "$work/consumer_pc" "$work/consumer/main.c" \
    $(pkg-config --cflags --libs gosparse) -Wl,-rpath,"$libdir"
"$work/consumer_pc"
# A C++ program through the installed gosparse.hpp.
cat >"$work/consumer_pc.cpp" <<'CPP'
#include <gosparse.hpp>
#include <cstdio>
int main() {
    const double v[] = {1, 2};
    const std::int64_t crow[] = {0, 1, 2}, col[] = {1, 0};
    gosparse::tensor a = gosparse::tensor::csr(crow, col, v, {2, 2});
    gosparse::tensor y = gosparse::mv(a, gosparse::tensor::dense(v, {2}));
    auto r = y.values_as<double>();
    std::printf("consumer_pc.cpp: y = [%g, %g]\n", r[0], r[1]);
    return r[0] == 2 && r[1] == 2 ? 0 : 1;
}
CPP
# shellcheck disable=SC2046
c++ -std=c++17 -Wall -Wextra -Werror -o "$work/consumer_pc_cpp" "$work/consumer_pc.cpp" \
    $(pkg-config --cflags --libs gosparse) -Wl,-rpath,"$libdir"
"$work/consumer_pc_cpp"

echo "install: make install, find_package (shared, static, version check) and pkg-config consumers (C, C++) pass"
