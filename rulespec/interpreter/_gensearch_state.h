/* The C counted search's masks, types and memo tables
   (interpreter: part of _gensearch.c, included there once). */
#define KERNEL_VERSION 3
#ifndef KERNEL_SOURCE /* set by hatch_build.py: 28 bits of the sha256 of _gensearch.c + headers */
#define KERNEL_SOURCE -1
#endif
#define INF ((int64_t)1 << 40) /* search.INF */
#define OFFSET 512             /* search.OFFSET: b + OFFSET is in 1..1023 */
#define WORD ((1ULL << 52) - 1)
#define GUARD 0x8888888888888ULL /* bit 3 of each of 13 fields */
#define LOW_BITS 0x1111111111111ULL /* bit 0 of each of 13 fields */
#define FIELD 4
#define MAX_NATURALS 63 /* natural cards a part may hold (a set of 7 copies in 4 suits: 28) */
#define GROUPS_LIMIT 100000
#define GROUP_CACHE 1024 /* the layout's recent groups (a power of 2) */

#include "_cbits.h"

/* counters of the search's work, for measuring only: compiled in with -DGENSEARCH_STATS
   (never in the build), read and zeroed by the module's _stats() */
#ifdef GENSEARCH_STATS
enum { /* (state values asked, not kept; pivots asked, not kept; walk steps, not kept; the
          walk's choices; grown hands, those searched; lone_strip calls setting cards aside) */
       ST_VALUE, ST_VALUE_MISS, ST_PIVOT, ST_PIVOT_MISS, ST_WALK_STEP, ST_WALK_MISS, ST_CHOOSE,
       ST_GROWN, ST_MELDED, ST_STRIP, ST_N };
static unsigned long long gs_stats[ST_N];
#define STAT(i) (gs_stats[i]++)
#else
#define STAT(i) ((void)0)
#endif

typedef struct {
    uint64_t w[4];
} Mask;

typedef struct {
    uint64_t w[4];
    int kmin, kmax, flex_in, low;
} CPart;

/* a memo entry in 32 bytes (two to a cache line; the lookups are random, so their cache
   misses were most of the search's time with 48-byte entries): the mask's words, k[0]
   also holding b + OFFSET in bits 52..61 (never 0: an empty slot has k[0] == 0), and the
   36-bit payload in bits 52..63 of k[1], k[2], k[3] (pack_value / pack_walk) */
typedef struct {
    uint64_t k[4];
} Slot;

#define VAL_LIMIT ((int64_t)1 << 20) /* |card value| the compact payload holds (Layout) */
#define PAY_BIAS ((int64_t)1 << 34) /* a state value v is v + PAY_BIAS (or v - INF + ...) */
#define NEAR_INF ((uint64_t)1 << 35)  /* the payload bit of a value near INF */
#define WORST_BIAS ((int64_t)1 << 22) /* a walk's worst card value, biased; 0: none */

typedef struct {
    Slot *table;
    Py_ssize_t cap, count;
} Table;

typedef struct {
    PyObject_HEAD
    int64_t vals[52];
    uint8_t is_flex[52];
    uint64_t flex_fields[4]; /* the fields of the cards of a wild rank, by suit word */
    int jokers;
    int floor_zero; /* every hand value >= 0: a value of 0 cannot be beaten */
    int64_t base[2 * OFFSET];
    int used[2 * OFFSET]; /* search.GeneralSearch.finish(b)[0]: jokers melded at the end */
    Table memo, walks;
    Py_ssize_t limit;
    /* meldgen's part rules: a set's and a run's sizes, wild cards per meld, run spans */
    int has_sets, set_min, set_max, set_distinct, has_runs, run_min, run_max;
    int max_wilds[MAX_NATURALS + 1];
    uint8_t span[8192];
    PyObject *groups; /* made groups by key (a dict, bounded) */
    /* the groups last asked for, by key's hash (cached_group: a hit skips the dict and
       its int key); each entry holds a reference, let go by group_cache_clear */
    struct {
        long long key;
        struct GroupObject *group;
    } recent[GROUP_CACHE];
} LayoutObject;

/* one rank's sets or one suit's runs, packed (searchshare.Shared.packing): parts by lowest
   card, in part order; start[c]..start[c + 1] are those whose lowest card is c */
typedef struct GroupObject {
    PyObject_HEAD
    Py_ssize_t n;
    CPart *parts;
    int start[53];
} GroupObject;

/* one hand's parts: groups[r] a rank's sets (r < 13), groups[13 + s] a suit's runs */
typedef struct {
    PyObject_HEAD
    LayoutObject *layout;
    GroupObject *groups[17];
    Mask full; /* the hand */
    int wilds; /* its wild cards: jokers and cards of a wild rank */
    /* a grown hand's (grown_one) natural cards lone in the hand it grew from (every copy,
       whole fields; lone_strip): deadwood in every state within that hand. All 0 but
       there (a Parts object never has them) */
    uint64_t lone[4];
} PartsObject;

static PyTypeObject LayoutType, PartsType, GroupType;

/* ---- masks ---------------------------------------------------------------------------- */

static int read_mask(PyObject *obj, Mask *out) {
    unsigned char buf[32];
    uint64_t l[4];
    int i, j;
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a mask is an int");
        return -1;
    }
    if (_PyLong_Sign(obj) < 0 || _PyLong_NumBits(obj) > 208) {
        PyErr_SetString(PyExc_OverflowError, "a mask has 52 fields of 4 bits");
        return -1;
    }
    if (_PyLong_AsByteArray((PyLongObject *)obj, buf, 32, 1, 0) < 0) return -1;
    for (i = 0; i < 4; i++) {
        l[i] = 0;
        for (j = 7; j >= 0; j--) l[i] = l[i] << 8 | buf[8 * i + j];
    }
    out->w[0] = l[0] & WORD;
    out->w[1] = (l[0] >> 52 | l[1] << 12) & WORD;
    out->w[2] = (l[1] >> 40 | l[2] << 24) & WORD;
    out->w[3] = (l[2] >> 28 | l[3] << 36) & WORD;
    return 0;
}

static int holds(const Mask *m, const uint64_t *part) {
    int s;
    for (s = 0; s < 4; s++)
        if ((((m->w[s] | GUARD) - part[s]) & GUARD) != GUARD) return 0;
    return 1;
}

static int empty(const Mask *m) { return !(m->w[0] | m->w[1] | m->w[2] | m->w[3]); }

static int field(const uint64_t *w, int code) {
    return (int)(w[code / 13] >> (FIELD * (code % 13)) & 0xF);
}

static void minus(const Mask *m, const uint64_t *part, Mask *out) {
    out->w[0] = m->w[0] - part[0];
    out->w[1] = m->w[1] - part[1];
    out->w[2] = m->w[2] - part[2];
    out->w[3] = m->w[3] - part[3];
}

static int lowest(const Mask *m) {
    int s;
    for (s = 0; !m->w[s]; s++) {
    }
    return 13 * s + LOWEST_BIT(m->w[s]) / FIELD;
}

static void take_one(Mask *m, int code) { m->w[code / 13] -= 1ULL << (FIELD * (code % 13)); }

/* ---- the memo tables ------------------------------------------------------------------ */

static uint64_t mix(uint64_t h) { /* murmur3's 64-bit finaliser */
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

/* a key's hash (its words clean: no payload bits, find's contract): each word times its
   own odd constant, summed by XOR, then folded and mixed once (the table takes the low
   bits). One multiply a word and one round, where a full mix per word cost about 40
   instructions a probe; the tables' answers do not depend on it */
static uint64_t hash_key(const uint64_t *k) {
    uint64_t h = k[0] * 0x9E3779B97F4A7C15ULL ^ k[1] * 0xC2B2AE3D27D4EB4FULL ^
                 k[2] * 0x165667B19E3779F9ULL ^ k[3] * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    h *= 0xFF51AFD7ED558CCDULL;
    return h ^ (h >> 29);
}

static uint64_t payload(const Slot *s) {
    return s->k[1] >> 52 | (s->k[2] >> 52) << 12 | (s->k[3] >> 52) << 24;
}

/* a state value: |v| < 2^34, or INF give or take as much (INF plus negative card values:
   kept exactly as the Python search keeps them); Layout bounds the card values and the
   jokers' base so that every value is one of these */
static uint64_t pack_value(int64_t v) {
    int64_t d = v - INF;
    if (d > -PAY_BIAS && d < PAY_BIAS) return NEAR_INF | (uint64_t)(d + PAY_BIAS);
    return (uint64_t)(v + PAY_BIAS);
}

static int64_t unpack_value(uint64_t p) {
    if (p & NEAR_INF) return INF + (int64_t)(p & (NEAR_INF - 1)) - PAY_BIAS;
    return (int64_t)p - PAY_BIAS;
}

/* a walk's summary: deadwood cards (< 4096) and the worst value (a card's, or -INF) */
static uint64_t pack_walk(int64_t count, int64_t worst) {
    uint64_t w = worst <= -INF ? 0 : (uint64_t)(worst + WORST_BIAS);
    return (uint64_t)count | w << 12;
}

static void unpack_walk(uint64_t p, int64_t *count, int64_t *worst) {
    uint64_t w = p >> 12;
    *count = (int64_t)(p & 0xFFF);
    *worst = w ? (int64_t)w - WORST_BIAS : -INF;
}

static void make_key(const Mask *m, int b, uint64_t *k) {
    k[0] = m->w[0] | (uint64_t)(b + OFFSET) << 52;
    k[1] = m->w[1];
    k[2] = m->w[2];
    k[3] = m->w[3];
}

static Slot *find(const Table *T, const uint64_t *k) {
    Py_ssize_t mask = T->cap - 1, i = (Py_ssize_t)(hash_key(k) & (uint64_t)mask);
    Slot *s;
    for (;;) {
        s = &T->table[i];
        if (!s->k[0] || (s->k[0] == k[0] && (s->k[1] & WORD) == k[1] &&
                         (s->k[2] & WORD) == k[2] && (s->k[3] & WORD) == k[3]))
            return s;
        i = (i + 1) & mask;
    }
}

static const Slot *lookup(const Table *T, const uint64_t *k) {
    const Slot *s = find(T, k);
    return s->k[0] ? s : NULL;
}

/* a zeroed table; a big one on transparent huge pages where the system has them (the
   lookups are random: fewer TLB misses) */
static Slot *table_alloc(Py_ssize_t n) {
    size_t bytes = sizeof(Slot) * (size_t)n;
#ifdef MADV_HUGEPAGE
    if (bytes >= HUGE_PAGE) {
        void *got = NULL;
        if (posix_memalign(&got, HUGE_PAGE, bytes)) return NULL;
        madvise(got, bytes, MADV_HUGEPAGE);
        memset(got, 0, bytes);
        return got;
    }
#endif
    return calloc((size_t)n, sizeof(Slot));
}

static void clear_table(Table *T) {
    memset(T->table, 0, sizeof(Slot) * (size_t)T->cap);
    T->count = 0;
}

static void store(Table *T, Py_ssize_t limit, const uint64_t *k, uint64_t pay) {
    Slot *s;
    if (T->count >= limit) clear_table(T);
    if (2 * (T->count + 1) > T->cap) { /* grow (or, out of memory, start afresh) */
        Py_ssize_t old_cap = T->cap, i;
        Slot *old = T->table, *grown = table_alloc(old_cap * 2);
        if (grown) {
            T->table = grown;
            T->cap = old_cap * 2;
            for (i = 0; i < old_cap; i++)
                if (old[i].k[0]) { /* (find compares and hashes the key words only) */
                    uint64_t key[4] = {old[i].k[0], old[i].k[1] & WORD, old[i].k[2] & WORD,
                                       old[i].k[3] & WORD};
                    *find(T, key) = old[i];
                }
            free(old);
        } else {
            clear_table(T);
        }
    }
    s = find(T, k);
    if (!s->k[0]) T->count++;
    s->k[0] = k[0];
    s->k[1] = k[1] | (pay & 0xFFF) << 52;
    s->k[2] = k[2] | (pay >> 12 & 0xFFF) << 52;
    s->k[3] = k[3] | (pay >> 24 & 0xFFF) << 52;
}

static int init_table(Table *T) {
    T->cap = 1024;
    T->count = 0;
    T->table = table_alloc(T->cap);
    return T->table ? 0 : -1;
}

