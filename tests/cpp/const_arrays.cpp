// const_arrays.cpp — tests/c/test_const_arrays.c compiled as C++17 (see there).
#include "../c/test_const_arrays.c"
