/* fuzz_values.h — element values for the ABI fuzz driver: a seeded generator,
 * dtype sizes, and writing a double into a buffer of any real dtype. Every
 * value the driver makes is exactly representable in the dtype it is written
 * to (small integers, halves, powers of two, NaN, infinities), so the driver's
 * float64 reference holds exactly what the library was given. */
#ifndef GOSPARSE_TEST_FUZZ_VALUES_H
#define GOSPARSE_TEST_FUZZ_VALUES_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "gosparse.h"

/* splitmix64: a small, seedable generator with no state but one word. */
static uint64_t fz_state;

static inline uint64_t fz_next(void) {
    uint64_t z = (fz_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A number in [0, n). */
static inline int64_t fz_below(int64_t n) { return n <= 0 ? 0 : (int64_t)(fz_next() % (uint64_t)n); }

/* 1 with probability 1/n. */
static inline int fz_one_in(int n) { return fz_below(n) == 0; }

/* The real dtypes the driver exercises. */
static const gs_dtype fz_dtypes[] = {GS_FLOAT64, GS_FLOAT32, GS_FLOAT16, GS_BFLOAT16, GS_INT64,
                                     GS_INT32,   GS_INT16,   GS_INT8,    GS_UINT8,    GS_BOOL};
#define FZ_NDTYPES ((int)(sizeof fz_dtypes / sizeof fz_dtypes[0]))

static inline int fz_is_float(gs_dtype d) {
    return d == GS_FLOAT64 || d == GS_FLOAT32 || d == GS_FLOAT16 || d == GS_BFLOAT16;
}

static inline int64_t fz_size(gs_dtype d) { return (d & 0xff) / 8; }

/* Whether x is held exactly by dtype d (NaN and infinities by the floats). */
static inline int fz_exact(gs_dtype d, double x) {
    if (isnan(x) || isinf(x)) return fz_is_float(d);
    switch (d) {
    case GS_FLOAT64: return 1;
    case GS_FLOAT32: return (double)(float)x == x;
    case GS_FLOAT16: { /* normal halves only: 11 significant bits */
        if (x == 0) return 1;
        if (fabs(x) > 65504 || fabs(x) < 0x1p-14) return 0;
        double m = ldexp(fabs(x), 10 - ilogb(x));
        return m == floor(m); }
    case GS_BFLOAT16: { float f = (float)x; uint32_t b; memcpy(&b, &f, 4);
                        return (double)f == x && (b & 0xffff) == 0; }
    case GS_BOOL: return x == 0 || x == 1;
    case GS_UINT8: return x == floor(x) && x >= 0 && x <= 255;
    case GS_INT8: return x == floor(x) && x >= -128 && x <= 127;
    case GS_INT16: return x == floor(x) && x >= -32768 && x <= 32767;
    case GS_INT32: return x == floor(x) && x >= -2147483648.0 && x <= 2147483647.0;
    case GS_INT64: return x == floor(x) && fabs(x) <= 0x1p53;
    }
    return 0;
}

/* x as dtype d's arithmetic gives it, for the float dtypes whose rounding the
 * reference can follow (float64, float32); else x itself (the caller checks
 * fz_exact and stops checking values that are not held exactly). */
static inline double fz_round(gs_dtype d, double x) { return d == GS_FLOAT32 ? (double)(float)x : x; }

/* Writes x (exactly representable in d) as element i of buf. */
static inline void fz_store(gs_dtype d, void *buf, int64_t i, double x) {
    switch (d) {
    case GS_FLOAT64: ((double *)buf)[i] = x; return;
    case GS_FLOAT32: ((float *)buf)[i] = (float)x; return;
    case GS_BFLOAT16: { float f = (float)x; uint32_t b; memcpy(&b, &f, 4);
                        ((uint16_t *)buf)[i] = (uint16_t)(b >> 16); return; }
    case GS_FLOAT16: {
        uint16_t h;
        if (isnan(x)) h = 0x7e00;
        else if (isinf(x)) h = x > 0 ? 0x7c00 : 0xfc00;
        else if (x == 0) h = signbit(x) ? 0x8000 : 0;
        else {
            int e = ilogb(x); /* normal: |x| in [2^-14, 65504] */
            uint16_t mant = (uint16_t)(ldexp(fabs(x), 10 - e) - 1024);
            h = (uint16_t)((x < 0 ? 0x8000 : 0) | ((e + 15) << 10) | mant);
        }
        ((uint16_t *)buf)[i] = h;
        return;
    }
    case GS_INT64: ((int64_t *)buf)[i] = (int64_t)x; return;
    case GS_INT32: ((int32_t *)buf)[i] = (int32_t)x; return;
    case GS_INT16: ((int16_t *)buf)[i] = (int16_t)x; return;
    case GS_INT8: ((int8_t *)buf)[i] = (int8_t)x; return;
    case GS_UINT8: ((uint8_t *)buf)[i] = (uint8_t)x; return;
    case GS_BOOL: ((uint8_t *)buf)[i] = x != 0; return;
    }
}

/* A value for dtype d: mostly small integers and halves, sometimes zero, NaN,
 * an infinity or the dtype's huge power of two. */
static inline double fz_value(gs_dtype d) {
    if (d == GS_BOOL) return (double)fz_below(2);
    if (fz_is_float(d)) {
        switch (fz_below(16)) {
        case 0: return NAN;
        case 1: return fz_one_in(2) ? INFINITY : -INFINITY;
        case 2: return d == GS_FLOAT64 ? 0x1p1000 : d == GS_FLOAT16 ? 0x1p15 : 0x1p100;
        case 3: return (double)(fz_below(17) - 8) + 0.5;
        }
    }
    if (d == GS_UINT8) return (double)fz_below(9);
    return (double)(fz_below(17) - 8);
}

#endif
