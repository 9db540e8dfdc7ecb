/*
 * Three-card evaluation in plain C: Commerce (all its profiles, My Ship Sails,
 * Thirty-one) and Brag. Each profile is one table of 22,100 dense strengths from
 * src/three_tables.py, indexed by the combinatorial number of the sorted hand.
 * Ids are masked and the index clamped, so unchecked garbage never reads out
 * of bounds.
 */
#ifndef PYCARDS_THREE_H
#define PYCARDS_THREE_H

#include <stddef.h>
#include <stdint.h>

#include "batch.h"
#include "pycards_three_tables.h"

typedef enum {
    PC3_COMMERCE_ENGLISH,
    PC3_COMMERCE_LIMITED,
    PC3_COMMERCE_LIMITED_STRICT,
    PC3_COMMERCE_AMERICAN,
    PC3_COMMERCE_AMERICAN_EXTENDED,
    PC3_COMMERCE_SHIP,
    PC3_COMMERCE_THIRTY_ONE,
    PC3_BRAG_ENGLISH,
    PC3_BRAG_AMERICAN,
    PC3_PROFILES
} pc3_profile;

#define PC3_ALL(X)                                                                                 \
    X(commerce_english) X(commerce_limited) X(commerce_limited_strict) X(commerce_american)        \
    X(commerce_american_extended) X(commerce_ship) X(commerce_thirty_one) X(brag_english)          \
    X(brag_american)

#define PC3_TABLE(NAME) pc3_##NAME,
#define PC3_FLOORS(NAME) pc3_##NAME##_floors,
#define PC3_SIZE(NAME) sizeof(pc3_##NAME) +
static const uint16_t *const pc3_tables[PC3_PROFILES] = {PC3_ALL(PC3_TABLE)};
static const uint16_t *const pc3_floors[PC3_PROFILES] = {PC3_ALL(PC3_FLOORS)};
static const size_t pc3_table_bytes = PC3_ALL(PC3_SIZE) 0;
static const int pc3_classes[PC3_PROFILES] = {
    PC3_COMMERCE_ENGLISH_CLASSES,      PC3_COMMERCE_LIMITED_CLASSES,
    PC3_COMMERCE_LIMITED_STRICT_CLASSES, PC3_COMMERCE_AMERICAN_CLASSES,
    PC3_COMMERCE_AMERICAN_EXTENDED_CLASSES, PC3_COMMERCE_SHIP_CLASSES,
    PC3_COMMERCE_THIRTY_ONE_CLASSES,   PC3_BRAG_ENGLISH_CLASSES,
    PC3_BRAG_AMERICAN_CLASSES};

/* Combinatorial number of three ids (sorted first): a + C(b, 2) + C(c, 3). */
static inline unsigned pc3_index(unsigned a, unsigned b, unsigned c) {
    a &= 63u; b &= 63u; c &= 63u;
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    unsigned top = hi > c ? hi : c, mid = hi > c ? c : hi;
    unsigned low = lo < mid ? lo : mid;
    mid = lo < mid ? mid : lo;
    unsigned index = low + mid * (mid - 1) / 2 + top * (top - 1) * (top - 2) / 6;
    return index < PC3_HANDS ? index : 0; /* only reachable with bad ids */
}

static inline unsigned pc3_evaluate(pc3_profile profile, unsigned a, unsigned b, unsigned c) {
    return pc3_tables[profile][pc3_index(a, b, c)];
}

/* Nonzero when the three ids are in 0..51 and all different. */
static inline int pc3_valid(const uint64_t *ids) {
    return ids[0] < 52u && ids[1] < 52u && ids[2] < 52u && ids[0] != ids[1] &&
           ids[0] != ids[2] && ids[1] != ids[2];
}

#define PC3_ROW(NAME, PROFILE)                                                                     \
    static inline unsigned pc3_row_##NAME(const uint64_t *ids) {                                   \
        return pc3_evaluate(PROFILE, (unsigned)ids[0], (unsigned)ids[1], (unsigned)ids[2]);       \
    }                                                                                              \
    PC_DEFINE_BATCHES(pc3_##NAME##_batch, 3, pc3_valid, pc3_row_##NAME)

PC3_ROW(commerce_english, PC3_COMMERCE_ENGLISH)
PC3_ROW(commerce_limited, PC3_COMMERCE_LIMITED)
PC3_ROW(commerce_limited_strict, PC3_COMMERCE_LIMITED_STRICT)
PC3_ROW(commerce_american, PC3_COMMERCE_AMERICAN)
PC3_ROW(commerce_american_extended, PC3_COMMERCE_AMERICAN_EXTENDED)
PC3_ROW(commerce_ship, PC3_COMMERCE_SHIP)
PC3_ROW(commerce_thirty_one, PC3_COMMERCE_THIRTY_ONE)
PC3_ROW(brag_english, PC3_BRAG_ENGLISH)
PC3_ROW(brag_american, PC3_BRAG_AMERICAN)

#define PC3_BATCH_ROW(NAME) PC_BATCHES(pc3_##NAME##_batch),
/* [profile][checked][width index] */
static const pc_batch_fn pc3_batches[PC3_PROFILES][2][4] = {PC3_ALL(PC3_BATCH_ROW)};

static inline pc_batch_fn pc3_batch(pc3_profile profile, int check, int width) {
    return pc3_batches[profile][check ? 1 : 0][pc_width_index(width)];
}

#endif
