/*
 * Batch loops over rows of card ids, shared by every evaluator family.
 *
 * A batch is `rows` rows of K card ids, each id `width` bytes (1, 2, 4 or 8,
 * read as unsigned, so a negative signed id is simply out of range), at any byte
 * strides: numpy arrays of any integer dtype, C- or Fortran-ordered, or views.
 * PC_DEFINE_BATCHES expands one loop per width and checking mode around an
 * inline row evaluator, so the compiler specialises each and the contiguous
 * case reads its K ids at constant offsets. No Python object is touched.
 */
#ifndef PYCARDS_BATCH_H
#define PYCARDS_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef ptrdiff_t (*pc_batch_fn)(const char *base, ptrdiff_t rows, ptrdiff_t row_stride,
                                 ptrdiff_t col_stride, int32_t *out);

/* One id of `width` bytes at p. Through memcpy, because numpy arrays may be
   unaligned (a view at an odd byte offset); compilers turn it into one load. */
static inline uint64_t pc_load(const char *p, int width) {
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (width) {
    case 1: memcpy(&u8, p, 1); return u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

/* Index 0..3 of an id width in the tables of batch functions below (any other
   width maps to 3; callers pass a numpy integer itemsize, 1, 2, 4 or 8). */
static inline int pc_width_index(int width) {
    return width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3;
}

/* NAME(base, rows, row_stride, col_stride, out): evaluate each row with
   EVAL(const uint64_t ids[K]) into out; with CHECK, stop at the first row that
   VALID rejects and return its index. Returns -1 when every row was written. */
#define PC_DEFINE_BATCH(NAME, K, WIDTH, CHECK, VALID, EVAL)                                        \
    static inline ptrdiff_t NAME##_loop(const char *base, ptrdiff_t rows, ptrdiff_t row_stride,   \
                                        ptrdiff_t col_stride, int32_t *out) {                      \
        for (ptrdiff_t i = 0; i < rows; i++) {                                                     \
            const char *p = base + i * row_stride;                                                 \
            uint64_t ids[K];                                                                       \
            for (int j = 0; j < K; j++) ids[j] = pc_load(p + j * col_stride, WIDTH);               \
            if (CHECK && !VALID(ids)) return i;                                                    \
            out[i] = (int32_t)EVAL(ids);                                                           \
        }                                                                                          \
        return -1;                                                                                 \
    }                                                                                              \
    static ptrdiff_t NAME(const char *base, ptrdiff_t rows, ptrdiff_t row_stride,                 \
                          ptrdiff_t col_stride, int32_t *out) {                                    \
        if (col_stride == WIDTH && row_stride == K * WIDTH)                                        \
            return NAME##_loop(base, rows, K * WIDTH, WIDTH, out);                                 \
        return NAME##_loop(base, rows, row_stride, col_stride, out);                               \
    }

/* The eight loops of one evaluator (4 widths, unchecked and checked), and the
   initialiser of their table: NAME##_batches[checked][width index]. */
#define PC_DEFINE_BATCHES(NAME, K, VALID, EVAL)                                                    \
    PC_DEFINE_BATCH(NAME##_u1, K, 1, 0, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_u2, K, 2, 0, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_u4, K, 4, 0, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_u8, K, 8, 0, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_c1, K, 1, 1, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_c2, K, 2, 1, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_c4, K, 4, 1, VALID, EVAL)                                               \
    PC_DEFINE_BATCH(NAME##_c8, K, 8, 1, VALID, EVAL)

#define PC_BATCHES(NAME)                                                                           \
    {                                                                                              \
        {NAME##_u1, NAME##_u2, NAME##_u4, NAME##_u8}, { NAME##_c1, NAME##_c2, NAME##_c4, NAME##_c8 } \
    }

#endif
