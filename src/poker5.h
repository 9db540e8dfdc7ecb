/*
 * Five-card poker evaluation in plain C: no Python objects, safe without the GIL.
 *
 * A strength is a dense rank: 1 for the worst class of hands of a profile, its
 * class count for the best, equal for hands the rules call equal (law 76). The
 * tables come from src/gen_tables.py, whose docstring explains the lookup.
 *
 * Card ids are 4 * rank + suit. Ids are masked to 0..255 before any lookup (the
 * per-card tables have 256 entries, values 52..255 counting nothing), so
 * unchecked garbage gives a meaningless strength but never reads out of bounds.
 */
#ifndef PYCARDS_POKER5_H
#define PYCARDS_POKER5_H

#include <stddef.h>
#include <stdint.h>

#include "batch.h"
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
    sizeof(pc5_card_key) + sizeof(pc5_rank_bit) + sizeof(pc5_heart_bit) + sizeof(pc5_card_bit) + sizeof(pc5_rank_class) +
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
    c0 &= 255u; c1 &= 255u; c2 &= 255u; c3 &= 255u; c4 &= 255u;
    /* One sum: the rank keys below bit 19, a 4-bit count per suit above. */
    uint64_t key = pc5_card_key[c0] + pc5_card_key[c1] + pc5_card_key[c2] + pc5_card_key[c3] +
                   pc5_card_key[c4];
    unsigned suits = (unsigned)(key >> PC5_SUIT_SHIFT);
    if ((suits + 0x3333u) & 0x8888u) { /* some suit counts 5: a flush */
        /* Each rank bit is below 1 << 13, so ranks < 8192, the flush tables' size. */
        unsigned ranks = pc5_rank_bit[c0] | pc5_rank_bit[c1] | pc5_rank_bit[c2] |
                         pc5_rank_bit[c3] | pc5_rank_bit[c4];
        if (profile == PC5_ENGLISH && ((suits >> (4 * PC5_HEARTS)) & 15u) == 5u)
            return pc5_english_flush_hearts[ranks]; /* law 69 */
        return pc5_flush[profile][ranks];
    }
    uint32_t sum = (uint32_t)key & ((1u << PC5_SUIT_SHIFT) - 1u);
    if (sum >= PC5_RANK_SUM_SIZE) sum = 0; /* only reachable with duplicated ids */
    /* pc5_rank_class holds multiset indices, each below the 6,175 entries of a
       nonflush table (poker5_tables.py builds both from the same list). */
    unsigned strength = pc5_nonflush[profile][pc5_rank_class[sum]];
    if (profile == PC5_ENGLISH && (strength & PC5_STRAIGHT_FLAG)) {
        /* Law 70 and the docs/rules.md decision: equal sequences are compared card by
           card from the top, a heart beating a card of another suit. */
        unsigned low = strength & ~(unsigned)PC5_STRAIGHT_FLAG;
        /* low is a sequence's lowest rank (0..8) and hearts < 1 << 14: the shift is in range. */
        unsigned hearts = pc5_heart_bit[c0] | pc5_heart_bit[c1] | pc5_heart_bit[c2] |
                          pc5_heart_bit[c3] | pc5_heart_bit[c4];
        strength = PC5_ENGLISH_SEQUENCE_BASE + low * PC5_HEART_PATTERNS + ((hearts >> low) & 31u);
    }
    return strength;
}

/* Nonzero when the five ids are in 0..51 and all different. */
static inline int pc5_valid(const uint64_t *ids) {
    if ((ids[0] | ids[1] | ids[2] | ids[3] | ids[4]) >= 64u) return 0;
    uint64_t all = 0, sum = 0;
    for (int j = 0; j < 5; j++) {
        uint64_t bit = pc5_card_bit[ids[j]];
        all |= bit;
        sum += bit;
    }
    /* Distinct single bits add up to their union; any repeat makes the sum
       differ. Ids 52..63 all map to bit 63, above every real card. */
    return all == sum && all < (1ull << 52);
}

#define PC5_ROW(PROFILE)                                                                           \
    static inline unsigned pc5_row_##PROFILE(const uint64_t *ids) {                                \
        return pc5_evaluate(PROFILE, (unsigned)ids[0], (unsigned)ids[1], (unsigned)ids[2],        \
                            (unsigned)ids[3], (unsigned)ids[4]);                                   \
    }
PC5_ROW(PC5_ENGLISH)
PC5_ROW(PC5_AMERICAN)
PC5_ROW(PC5_NO_STRAIGHT_FLUSH)

PC_DEFINE_BATCHES(pc5_english, 5, pc5_valid, pc5_row_PC5_ENGLISH)
PC_DEFINE_BATCHES(pc5_american, 5, pc5_valid, pc5_row_PC5_AMERICAN)
PC_DEFINE_BATCHES(pc5_no_straight_flush, 5, pc5_valid, pc5_row_PC5_NO_STRAIGHT_FLUSH)

/* [profile][checked][width index] */
static const pc_batch_fn pc5_batches[PC5_PROFILES][2][4] = {
    PC_BATCHES(pc5_english), PC_BATCHES(pc5_american), PC_BATCHES(pc5_no_straight_flush)};

/* Nonzero when the five ids (as Python gave them) form a hand. */
static inline int pc5_valid5(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t e) {
    uint64_t ids[5] = {a, b, c, d, e};
    return pc5_valid(ids);
}

/* The batch loop for one profile, checking mode and id width. */
static inline pc_batch_fn pc5_batch(pc5_profile profile, int check, int width) {
    return pc5_batches[profile][check ? 1 : 0][pc_width_index(width)];
}

#endif
