/*
 * Five-card poker evaluation in plain C: no Python objects, safe without the GIL.
 *
 * A strength is a dense rank: 1 for the worst class of hands of a profile, its
 * class count for the best, equal for hands the rules call equal (law 76). The
 * tables come from src/gen_tables.py, whose docstring explains the lookup.
 *
 * Card ids are 4 * rank + suit. Ids are masked to 0..63 before any lookup, so
 * unchecked garbage gives a meaningless strength but never reads out of bounds.
 */
#ifndef PYCARDS_POKER5_H
#define PYCARDS_POKER5_H

#include <stddef.h>
#include <stdint.h>

#include "pycards_tables.h"

typedef enum { PC5_ENGLISH = 0, PC5_AMERICAN = 1, PC5_NO_STRAIGHT_FLUSH = 2 } pc5_profile;
#define PC5_PROFILES 3
#define PC5_HEARTS 2u
#define PC5_MAX_CLASSES PC5_ENGLISH_CLASSES /* the largest profile */

static const uint16_t *const pc5_nonflush[PC5_PROFILES] = {
    pc5_english_nonflush, pc5_american_nonflush, pc5_no_straight_flush_nonflush};
static const uint16_t *const pc5_flush[PC5_PROFILES] = {
    pc5_english_flush, pc5_american_flush, pc5_no_straight_flush_flush};
static const uint16_t *const pc5_floors[PC5_PROFILES] = {
    pc5_english_floors, pc5_american_floors, pc5_no_straight_flush_floors};
static const int pc5_classes[PC5_PROFILES] = {
    PC5_ENGLISH_CLASSES, PC5_AMERICAN_CLASSES, PC5_NO_STRAIGHT_FLUSH_CLASSES};

/* Bytes of every five-card table together (what must stay in cache). */
static const size_t pc5_table_bytes =
    sizeof(pc5_rank_key) + sizeof(pc5_heart_bit) + sizeof(pc5_card_bit) + sizeof(pc5_rank_class) +
    sizeof(pc5_english_nonflush) + sizeof(pc5_american_nonflush) +
    sizeof(pc5_no_straight_flush_nonflush) + sizeof(pc5_english_flush) +
    sizeof(pc5_english_flush_hearts) + sizeof(pc5_american_flush) +
    sizeof(pc5_no_straight_flush_flush);

/*
 * Strength of five cards under `profile`. Always inlined with a constant
 * profile, so each batch loop is compiled for one profile with no branch on it.
 */
static inline unsigned pc5_evaluate(pc5_profile profile, unsigned c0, unsigned c1, unsigned c2,
                                    unsigned c3, unsigned c4) {
    c0 &= 63u; c1 &= 63u; c2 &= 63u; c3 &= 63u; c4 &= 63u;
    if ((((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)) & 3u) == 0) {
        unsigned ranks = ((1u << (c0 >> 2)) | (1u << (c1 >> 2)) | (1u << (c2 >> 2)) |
                          (1u << (c3 >> 2)) | (1u << (c4 >> 2))) & 0x1fffu;
        if (profile == PC5_ENGLISH && (c0 & 3u) == PC5_HEARTS)
            return pc5_english_flush_hearts[ranks]; /* law 69 */
        return pc5_flush[profile][ranks];
    }
    uint32_t sum = pc5_rank_key[c0] + pc5_rank_key[c1] + pc5_rank_key[c2] + pc5_rank_key[c3] +
                   pc5_rank_key[c4];
    if (sum >= PC5_RANK_SUM_SIZE) sum = 0; /* only reachable with duplicated ids */
    unsigned strength = pc5_nonflush[profile][pc5_rank_class[sum]];
    if (profile == PC5_ENGLISH && (strength & PC5_STRAIGHT_FLAG)) {
        /* Law 70 and the RULES.md decision: equal sequences are compared card by
           card from the top, a heart beating a card of another suit. */
        unsigned low = strength & ~(unsigned)PC5_STRAIGHT_FLAG;
        unsigned hearts = pc5_heart_bit[c0] | pc5_heart_bit[c1] | pc5_heart_bit[c2] |
                          pc5_heart_bit[c3] | pc5_heart_bit[c4];
        strength = PC5_ENGLISH_SEQUENCE_BASE + low * PC5_HEART_PATTERNS + ((hearts >> low) & 31u);
    }
    return strength;
}

/* One row of a batch: five ids read from `row`, `step` bytes apart, `width` bytes each. */
static inline uint64_t pc5_load(const char *p, int width) {
    switch (width) {
    case 1: return *(const uint8_t *)p;
    case 2: return *(const uint16_t *)p;
    case 4: return *(const uint32_t *)p;
    default: return *(const uint64_t *)p;
    }
}

/* Nonzero when the five ids are in 0..51 and all different. Ids are read as
   unsigned, so a negative signed id is out of range too. */
static inline int pc5_valid(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e) {
    if ((a | b | c | d | e) >= 64u) return 0;
    uint64_t ba = pc5_card_bit[a], bb = pc5_card_bit[b], bc = pc5_card_bit[c],
             bd = pc5_card_bit[d], be = pc5_card_bit[e];
    uint64_t all = ba | bb | bc | bd | be;
    /* Distinct single bits add up to their union; any repeat makes the sum
       differ. Ids 52..63 all map to bit 63, above every real card. */
    return all == ba + bb + bc + bd + be && all < (1ull << 52);
}

static inline ptrdiff_t pc5_batch_loop(pc5_profile profile, int width, int check, const char *base,
                                       ptrdiff_t rows, ptrdiff_t row_stride, ptrdiff_t col_stride,
                                       int32_t *out) {
    for (ptrdiff_t i = 0; i < rows; i++) {
        const char *p = base + i * row_stride;
        uint64_t a = pc5_load(p, width), b = pc5_load(p + col_stride, width),
                 c = pc5_load(p + 2 * col_stride, width), d = pc5_load(p + 3 * col_stride, width),
                 e = pc5_load(p + 4 * col_stride, width);
        if (check && !pc5_valid(a, b, c, d, e)) return i;
        out[i] = (int32_t)pc5_evaluate(profile, (unsigned)a, (unsigned)b, (unsigned)c,
                                       (unsigned)d, (unsigned)e);
    }
    return -1;
}

/* The loop specialised for one profile, width and checking mode; the contiguous
   case gets a constant column stride so the five loads use fixed offsets. */
#define PC5_DEFINE_BATCH(NAME, PROFILE, WIDTH, CHECK)                                              \
    static ptrdiff_t NAME(const char *base, ptrdiff_t rows, ptrdiff_t row_stride,                 \
                          ptrdiff_t col_stride, int32_t *out) {                                    \
        if (col_stride == WIDTH && row_stride == 5 * WIDTH)                                        \
            return pc5_batch_loop(PROFILE, WIDTH, CHECK, base, rows, 5 * WIDTH, WIDTH, out);       \
        return pc5_batch_loop(PROFILE, WIDTH, CHECK, base, rows, row_stride, col_stride, out);     \
    }

#define PC5_DEFINE_WIDTHS(PREFIX, PROFILE, CHECK)                                                  \
    PC5_DEFINE_BATCH(PREFIX##_1, PROFILE, 1, CHECK)                                                \
    PC5_DEFINE_BATCH(PREFIX##_2, PROFILE, 2, CHECK)                                                \
    PC5_DEFINE_BATCH(PREFIX##_4, PROFILE, 4, CHECK)                                                \
    PC5_DEFINE_BATCH(PREFIX##_8, PROFILE, 8, CHECK)

PC5_DEFINE_WIDTHS(pc5_batch_english, PC5_ENGLISH, 0)
PC5_DEFINE_WIDTHS(pc5_batch_american, PC5_AMERICAN, 0)
PC5_DEFINE_WIDTHS(pc5_batch_nsf, PC5_NO_STRAIGHT_FLUSH, 0)
PC5_DEFINE_WIDTHS(pc5_checked_english, PC5_ENGLISH, 1)
PC5_DEFINE_WIDTHS(pc5_checked_american, PC5_AMERICAN, 1)
PC5_DEFINE_WIDTHS(pc5_checked_nsf, PC5_NO_STRAIGHT_FLUSH, 1)

typedef ptrdiff_t (*pc5_batch_fn)(const char *, ptrdiff_t, ptrdiff_t, ptrdiff_t, int32_t *);

#define PC5_WIDTH_ROW(PREFIX) {PREFIX##_1, PREFIX##_2, PREFIX##_4, PREFIX##_8}
/* [checked][profile][log2 width] */
static const pc5_batch_fn pc5_batch_table[2][PC5_PROFILES][4] = {
    {PC5_WIDTH_ROW(pc5_batch_english), PC5_WIDTH_ROW(pc5_batch_american),
     PC5_WIDTH_ROW(pc5_batch_nsf)},
    {PC5_WIDTH_ROW(pc5_checked_english), PC5_WIDTH_ROW(pc5_checked_american),
     PC5_WIDTH_ROW(pc5_checked_nsf)}};

/*
 * Evaluate `rows` hands of five ids each, `width` bytes per id (1, 2, 4 or 8),
 * at any byte strides. With `check`, stops at the first invalid row and returns
 * its index; otherwise returns -1 when every row was written to `out`.
 */
static inline ptrdiff_t pc5_evaluate_batch(pc5_profile profile, int width, int check,
                                           const char *base, ptrdiff_t rows,
                                           ptrdiff_t row_stride, ptrdiff_t col_stride,
                                           int32_t *out) {
    int w = width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : 3;
    return pc5_batch_table[check ? 1 : 0][profile][w](base, rows, row_stride, col_stride, out);
}

#endif
