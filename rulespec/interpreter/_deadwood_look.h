/* The smart bot's mask lookahead in C: its tables, the solver's walk, stats, the one-draw lookahead
   (interpreter: part of _deadwood.c, included there once). */
/* ---- the smart bot's mask lookahead (bots/masklook.py's MaskLook, in C) ----------------
 *
 * A Look holds a Kernel and the tables of one variant's MaskLook: the per-suit run cover,
 * the rank value sums, the natural melds by lowest card (the solver's walk, solver._walk),
 * the rank-distance filter and the pairs' outs (hands._pair_outs). Its answers are
 * MaskLook's: `stats` (deadwood, deadwood cards, their top value) of the solver's
 * arrangement, `dead_mask`, `next_turn` (the one-draw lookahead's integer sums) and `pot`
 * (partials.potential's float sum, term by term in the same order, so the same double).
 * The walk of a meldable mask is cached in a fixed hash table (a miss only recomputes).
 */

#define LOOK_NONE (-((int64_t)1 << 60)) /* masklook.NONE: the top value of no cards */
#define WALK_SLOTS (1 << 15)

typedef struct {
    int64_t stamp; /* the pool and draws it was summed for (0: none) */
    double term;
} PotTerm;

typedef struct {
    uint64_t key; /* the meldable mask + 1 (0: an empty slot) */
    uint64_t dead;
    int64_t value;
    int64_t worst;
    int32_t count;
} WalkSlot;

/* ---- the discard dangers (bots/danger.py's discard_dangers, in C) ----------------------
 *
 * The next player's hand modelled card by card (danger.holding) from the pool in its dict
 * order, the pile cards they passed over, their discards and the cards they took and
 * hold; then per candidate the chance they hold what melds with it (danger.feed_chance),
 * every float operation in Python's order. Set by `set_danger` once per variant.
 */

typedef struct {
    int on;
    int set_k;     /* cards a set needs beside this one (0: no sets) */
    int suits_any; /* a set may repeat a suit: the card itself counts among its mates */
    double declined, thrown, feed_weight, dead_bonus, unit;
    uint64_t mates[52];
    int n_windows[13];
    int8_t windows[13][16][13]; /* per rank: its shortest runs' other ranks (1..13), -1 ends */
} Danger;

typedef struct {
    PyObject_HEAD
    KernelObject *k;
    int sets;    /* sets can meld (set_min <= 4) */
    int set_min;
    int64_t values[52];
    uint16_t cover[8192];
    int64_t sums[8192];
    int64_t worst[4][8192];
    uint16_t run_change[8192];
    uint16_t near_of[8192];
    uint64_t *melds; /* the natural melds, by lowest card: melds[start[c] .. start[c + 1]) */
    int start[53];
    uint64_t outs[52 * 52]; /* pair a < b -> the cards that make a meld of three with it */
    uint64_t partners[52];  /* a -> the cards b > a with outs */
    WalkSlot *walks;
    PotTerm *terms; /* pot_dead's pair terms, by a * 52 + b, kept for one stamp (NULL: none yet) */
    int64_t layer_stamp; /* the stamp `layer` was read for (0: none) */
    int n_layers;
    uint64_t layer[8]; /* pot_dead's pool: the natural cards unseen at least 1, 2, ... times */
    Danger danger;
} LookObject;

static inline uint64_t spread13(uint64_t m) { return m | m << 13 | m << 26 | m << 39; }

static uint64_t meldy_of(const LookObject *L, uint64_t mask) {
    uint64_t s0 = mask & SUIT, s1 = (mask >> 13) & SUIT, s2 = (mask >> 26) & SUIT,
             s3 = (mask >> 39) & SUIT;
    uint64_t c0 = L->cover[s0], c1 = L->cover[s1], c2 = L->cover[s2], c3 = L->cover[s3];
    if (L->sets) {
        uint64_t ranks = ranks_held_c(s0, s1, s2, s3, L->set_min);
        c0 |= s0 & ranks;
        c1 |= s1 & ranks;
        c2 |= s2 & ranks;
        c3 |= s3 & ranks;
    }
    return c0 | c1 << 13 | c2 << 26 | c3 << 39;
}

/* solver._walk of a meldable mask: from the lowest card up, the first meld (natural_by_low
 * order) that keeps the least deadwood, else the card is deadwood. */
static const WalkSlot *walk(LookObject *L, uint64_t meldy) {
    uint64_t h = (meldy * 0x9E3779B97F4A7C15ULL) >> 49;
    WalkSlot *slot = &L->walks[h & (WALK_SLOTS - 1)];
    uint64_t rest = meldy, dead = 0;
    int64_t target, worst = LOOK_NONE;
    int32_t count = 0;
    if (slot->key == meldy + 1) return slot;
    target = value_of(L->k, rest);
    slot->value = target;
    while (rest) {
        int c = LOWEST_BIT(rest), i, laid = 0;
        for (i = L->start[c]; i < L->start[c + 1]; i++) {
            uint64_t m = L->melds[i];
            if ((m & rest) == m && value_of(L->k, rest ^ m) == target) {
                rest ^= m;
                laid = 1;
                break;
            }
        }
        if (!laid) {
            dead |= 1ULL << c;
            rest ^= 1ULL << c;
            target -= L->values[c];
            count++;
            if (L->values[c] > worst) worst = L->values[c];
        }
    }
    slot->key = meldy + 1;
    slot->dead = dead;
    slot->worst = worst;
    slot->count = count;
    return slot;
}

/* MaskLook.stats: (deadwood, deadwood cards, their top value or 0) */
static void look_stats(LookObject *L, uint64_t mask, int64_t *dw, int64_t *count,
                       int64_t *worst) {
    uint64_t meldy = meldy_of(L, mask), loose = mask ^ meldy;
    const WalkSlot *w = walk(L, meldy);
    int64_t top = w->worst;
    int i;
    if (!loose) {
        *dw = w->value;
        *count = w->count;
        *worst = w->count ? w->worst : 0;
        return;
    }
    *dw = w->value;
    for (i = 0; i < 4; i++) {
        uint64_t l = (loose >> (13 * i)) & SUIT;
        int64_t t = L->worst[i][l];
        if (t > top) top = t;
    }
    *dw += L->sums[loose & SUIT] + L->sums[(loose >> 13) & SUIT] +
           L->sums[(loose >> 26) & SUIT] + L->sums[(loose >> 39) & SUIT];
    *count = w->count + BIT_COUNT(loose);
    *worst = top;
}

static uint64_t look_dead_mask(LookObject *L, uint64_t mask) {
    uint64_t meldy = meldy_of(L, mask);
    return walk(L, meldy)->dead | (mask ^ meldy);
}

/* MaskLook._hand's change mask: the cards (not in the hand) that change which of its cards
 * lie in a meld, and lie near one of its cards */
static uint64_t look_change(const LookObject *L, uint64_t mask) {
    uint64_t s0 = mask & SUIT, s1 = (mask >> 13) & SUIT, s2 = (mask >> 26) & SUIT,
             s3 = (mask >> 39) & SUIT;
    uint64_t change = (uint64_t)L->run_change[s0] | (uint64_t)L->run_change[s1] << 13 |
                      (uint64_t)L->run_change[s2] << 26 | (uint64_t)L->run_change[s3] << 39;
    uint64_t near;
    if (L->sets) {
        int need = L->set_min - 1;
        change |= spread13(need <= 0 ? SUIT : ranks_held_c(s0, s1, s2, s3, need));
    }
    near = spread13(s0 | s1 | s2 | s3) | (uint64_t)L->near_of[s0] |
           (uint64_t)L->near_of[s1] << 13 | (uint64_t)L->near_of[s2] << 26 |
           (uint64_t)L->near_of[s3] << 39;
    return change & near & ~mask;
}

#define EMPTY_HAND (-1000.0) /* maskscore.EMPTY_HAND: the cost of a hand with no card */

/* maskscore.mask_cost without meld credit: deadwood plus `weight` per deadwood card */
static double look_cost(LookObject *L, uint64_t mask, double weight) {
    int64_t dw, count, worst;
    if (!mask) return EMPTY_HAND;
    if (weight == 0.0) return (double)value_of(L->k, mask);
    look_stats(L, mask, &dw, &count, &worst);
    return (double)dw + weight * (double)count;
}

/* MaskLook.next_turn_mask's sums, the pool a mask of distinct cards apart from the hand */
static void look_next_turn(LookObject *L, uint64_t mask, uint64_t pool, int has_limit,
                           int64_t limit, int64_t weight, int64_t *total_out,
                           int64_t *ready_out) {
    uint64_t change, rest;
    int64_t bdw, bcount, bworst, base, total = 0, ready = 0;
    look_stats(L, mask, &bdw, &bcount, &bworst);
    change = look_change(L, mask) & pool;
    base = bdw + weight * bcount;
    rest = pool;
    while (rest) {
        int c = LOWEST_BIT(rest);
        uint64_t bit = 1ULL << c;
        rest ^= bit;
        if (change & bit) {
            int64_t dw, dead, worst, left;
            look_stats(L, mask | bit, &dw, &dead, &worst);
            left = dw - worst;
            total += left + weight * (dead - 1 > 0 ? dead - 1 : 0);
            if (has_limit && left <= limit) ready++;
        } else {
            int64_t v = L->values[c], got = v < bworst ? base + v - bworst : base;
            total += got;
            if (has_limit && got - weight * bcount <= limit) ready++;
        }
    }
    *total_out = total;
    *ready_out = ready;
}
