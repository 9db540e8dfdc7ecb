/*
 * Vingt-un totals in plain C (RULES.md section 4): an ace counts 1 or 11 at the
 * holder's option, court cards 10, other cards their pips. The total is the
 * best one not over 21, if there is one; otherwise every ace counts 1.
 */
#ifndef PYCARDS_VINGTUN_H
#define PYCARDS_VINGTUN_H

#include <stddef.h>
#include <stdint.h>

#include "batch.h"

#define PCV_ACE 12u

/* Pips of a card id with the ace as 1 (ids 52..63: 0). */
static inline unsigned pcv_pips(uint64_t id) {
    unsigned rank = (unsigned)(id >> 2);
    if (id >= 52u) return 0;
    if (rank == PCV_ACE) return 1;
    return rank >= 8u ? 10u : rank + 2u;
}

/* Total of n cards: an ace counts 11 when that keeps the hand at 21 or under. */
static inline int pcv_total(const uint64_t *ids, ptrdiff_t n) {
    unsigned sum = 0, aces = 0;
    for (ptrdiff_t j = 0; j < n; j++) {
        sum += pcv_pips(ids[j]);
        aces |= (unsigned)((ids[j] >> 2) == PCV_ACE);
    }
    return (int)(aces && sum + 10u <= 21u ? sum + 10u : sum);
}

/*
 * Totals of `rows` hands of up to `cols` ids each: a row ends at its first
 * entry equal to `pad` (ids `width` bytes each, read as unsigned, at any
 * strides). Unchecked, any entry outside 0..51 also ends the row. Checked,
 * every entry must be an id in 0..51 or `pad`, a pad may only be followed by
 * pads, and no id may repeat: the index of the first bad row is returned.
 */
#define PCV_DEFINE_TOTALS(NAME, WIDTH)                                                             \
    static ptrdiff_t NAME(const char *base, ptrdiff_t rows, ptrdiff_t cols, ptrdiff_t row_stride, \
                          ptrdiff_t col_stride, uint64_t pad, int check, int32_t *out) {           \
        for (ptrdiff_t i = 0; i < rows; i++) {                                                     \
            const char *p = base + i * row_stride;                                                 \
            unsigned sum = 0, aces = 0;                                                            \
            uint64_t seen = 0;                                                                     \
            ptrdiff_t j = 0;                                                                       \
            for (; j < cols; j++) {                                                                \
                uint64_t id = pc_load(p + j * col_stride, WIDTH);                                  \
                if (id >= 52u) {                                                                   \
                    if (check && id != pad) return i;                                              \
                    break;                                                                         \
                }                                                                                  \
                if (check) {                                                                       \
                    if (seen & (1ull << id)) return i;                                             \
                    seen |= 1ull << id;                                                            \
                }                                                                                  \
                sum += pcv_pips(id);                                                               \
                aces |= (unsigned)((id >> 2) == PCV_ACE);                                          \
            }                                                                                      \
            if (check)                                                                             \
                for (j++; j < cols; j++)                                                           \
                    if (pc_load(p + j * col_stride, WIDTH) != pad) return i;                       \
            out[i] = (int32_t)(aces && sum + 10u <= 21u ? sum + 10u : sum);                        \
        }                                                                                          \
        return -1;                                                                                 \
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
