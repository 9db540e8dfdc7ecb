/*
 * Vingt-un totals in plain C (docs/rules.md section 4): an ace counts 1 or 11 at the
 * holder's option, court cards 10, other cards their pips. The total is the
 * best one not over 21, if there is one; otherwise every ace counts 1.
 */
#ifndef PYCARDS_VINGTUN_H
#define PYCARDS_VINGTUN_H

#include <stddef.h>
#include <stdint.h>

#include "batch.h"
#include "pycards_vingtun_tables.h"

/* The code of an id: pips in the low 16 bits, 1 << 16 for an ace (vingtun_tables.py).
   Values past 255 are clamped to 255, which counts nothing, without a branch, so
   the index is always inside the 256 codes. Pips stay below 1 << 16 for any
   row of fewer than 6,553 cards; more cards can only carry into the ace count
   of a row that is garbage anyway (checked rows hold at most 52 distinct ids). */
static inline uint32_t pcv_code(uint64_t id) { return pcv_codes[id < 255u ? id : 255u]; }

static inline int32_t pcv_total_of_codes(uint32_t sum) {
    uint32_t pips = sum & 0xffffu;
    return (int32_t)((sum >> 16) && pips + 10u <= 21u ? pips + 10u : pips);
}

/* Total of n cards: an ace counts 11 when that keeps the hand at 21 or under. */
static inline int pcv_total(const uint64_t *ids, ptrdiff_t n) {
    uint32_t sum = 0;
    for (ptrdiff_t j = 0; j < n; j++) sum += pcv_code(ids[j]);
    return pcv_total_of_codes(sum);
}

/*
 * Totals of `rows` hands of up to `cols` ids each, a hand's ids followed by
 * `pad` (ids `width` bytes each, read as unsigned, at any strides). Unchecked,
 * every entry outside 0..51 is skipped, so the loop has no data-dependent
 * branch (hands of mixed lengths would mispredict one). Checked, every entry
 * must be an id in 0..51 or `pad`, a pad may only be followed by pads, no id
 * may repeat and a row must hold a card: the index of the first bad row is
 * returned, else -1. `seen` has a bit per id; `is_card << (id & 63)` keeps the
 * shift in range, and is 0 for an id that is not a card.
 */
#define PCV_DEFINE_TOTALS(NAME, WIDTH)                                                             \
    static inline ptrdiff_t NAME##_loop(const char *base, ptrdiff_t rows, ptrdiff_t cols,         \
                                        ptrdiff_t row_stride, ptrdiff_t col_stride, uint64_t pad,  \
                                        int check, int32_t *out) {                                 \
        for (ptrdiff_t i = 0; i < rows; i++) {                                                     \
            const char *p = base + i * row_stride;                                                 \
            uint32_t sum = 0;                                                                      \
            uint64_t seen = 0, bad = 0, padded = 0, held = 0;                                      \
            for (ptrdiff_t j = 0; j < cols; j++) {                                                 \
                uint64_t id = pc_load(p + j * col_stride, WIDTH);                                  \
                sum += pcv_code(id);                                                               \
                if (check) {                                                                       \
                    uint64_t is_card = id < 52u, is_pad = id == pad;                               \
                    uint64_t bit = is_card << (id & 63u);                                          \
                    bad |= (is_card | is_pad) ^ 1u;                                                \
                    bad |= padded & is_card;                                                       \
                    bad |= (seen & bit) != 0;                                                      \
                    seen |= bit;                                                                   \
                    padded |= is_pad;                                                              \
                    held |= is_card;                                                               \
                }                                                                                  \
            }                                                                                      \
            if (check && (bad || !held)) return i;                                                 \
            out[i] = pcv_total_of_codes(sum);                                                      \
        }                                                                                          \
        return -1;                                                                                 \
    }                                                                                              \
    static inline ptrdiff_t NAME##_mode(const char *base, ptrdiff_t rows, ptrdiff_t cols,              \
                                 ptrdiff_t row_stride, ptrdiff_t col_stride, uint64_t pad,         \
                                 int check, int32_t *out) {                                        \
        if (col_stride == WIDTH) {                                                                 \
            switch (cols) { /* contiguous rows of a usual width: unrolled */                       \
            case 4: return NAME##_loop(base, rows, 4, row_stride, WIDTH, pad, check, out);        \
            case 5: return NAME##_loop(base, rows, 5, row_stride, WIDTH, pad, check, out);        \
            case 6: return NAME##_loop(base, rows, 6, row_stride, WIDTH, pad, check, out);        \
            case 8: return NAME##_loop(base, rows, 8, row_stride, WIDTH, pad, check, out);        \
            case 11: return NAME##_loop(base, rows, 11, row_stride, WIDTH, pad, check, out);      \
            }                                                                                      \
        }                                                                                          \
        return NAME##_loop(base, rows, cols, row_stride, col_stride, pad, check, out);            \
    }                                                                                              \
    static ptrdiff_t NAME(const char *base, ptrdiff_t rows, ptrdiff_t cols, ptrdiff_t row_stride, \
                          ptrdiff_t col_stride, uint64_t pad, int check, int32_t *out) {           \
        if (check) return NAME##_mode(base, rows, cols, row_stride, col_stride, pad, 1, out);     \
        return NAME##_mode(base, rows, cols, row_stride, col_stride, pad, 0, out);                \
    }

PCV_DEFINE_TOTALS(pcv_totals_1, 1)
PCV_DEFINE_TOTALS(pcv_totals_2, 2)
PCV_DEFINE_TOTALS(pcv_totals_4, 4)
PCV_DEFINE_TOTALS(pcv_totals_8, 8)

typedef ptrdiff_t (*pcv_totals_fn)(const char *, ptrdiff_t, ptrdiff_t, ptrdiff_t, ptrdiff_t,
                                   uint64_t, int, int32_t *);
static const pcv_totals_fn pcv_totals_by_width[4] = {pcv_totals_1, pcv_totals_2, pcv_totals_4,
                                                     pcv_totals_8};

static inline ptrdiff_t pcv_totals(int width, const char *base, ptrdiff_t rows, ptrdiff_t cols,
                                   ptrdiff_t row_stride, ptrdiff_t col_stride, uint64_t pad,
                                   int check, int32_t *out) {
    return pcv_totals_by_width[pc_width_index(width)](base, rows, cols, row_stride, col_stride,
                                                      pad, check, out);
}

#endif
