/* The general counted deadwood search in C (interpreter, under search.py; loaded by gensearch.py).
 *
 * The same computation as search.GeneralSearch._value and roomsearch.RoomSearch.pivot,
 * over the same parts: a state is (cards left, wild cards owed or spare, cards of a
 * wild rank left). The cards left are search.py's packed mask with 4-bit fields (one
 * per card code, bit 3 the guard), read here as four 52-bit words, one per suit
 * (codes 13s..13s+12): a part's naturals are in the mask exactly when subtracting its
 * words from the guarded mask leaves every guard bit. The lowest card is deadwood, a
 * natural card of a part whose lowest card it is (owing its wild cards), or, for a
 * card of a wild rank, one spare wild card; the jokers pay what is owed at the end
 * (`base`, by wild cards owed or spare, from search._Shared.base_of).
 *
 * A `Layout` (one per search._Shared: variant, wild jokers) holds the card values,
 * the wild ranks, the jokers, `base` and the memo of state values: an open-addressing
 * table, grown up to `limit` states and then started afresh (memory stays bounded).
 * A `Parts` holds one hand's parts by lowest card (a GeneralSearch's `by_low`) and
 * answers `value`; a `Rests` holds roomsearch's parts holding one code less that
 * code, for `pivot`. The value of a state is a fact about its cards alone, so every
 * Parts of a layout shares its memo, as the Python memo is shared. Answers equal the
 * Python search's exactly (tests/interpreter/test_gensearch_native.py checks it).
 *
 * KERNEL_VERSION must equal gensearch.py's VERSION and KERNEL_SOURCE the digest
 * of this file as it is now, so a stale build is refused there.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define KERNEL_VERSION 1
#ifndef KERNEL_SOURCE /* set by hatch_build.py: the first 28 bits of this file's sha256 */
#define KERNEL_SOURCE -1
#endif
#define INF ((int64_t)1 << 40) /* search.INF */
#define OFFSET 512             /* search.OFFSET: b + OFFSET is in 1..1023 */
#define WORD ((1ULL << 52) - 1)
#define GUARD 0x8888888888888ULL /* bit 3 of each of 13 fields */
#define FIELD 4
#define MAX_NATURALS 63 /* natural cards a part may hold (a set of 7 copies in 4 suits: 28) */
#define GROUPS_LIMIT 100000

typedef struct {
    uint64_t w[4];
} Mask;

typedef struct {
    uint64_t w[4];
    int kmin, kmax, flex_in, low;
} CPart;

typedef struct {
    uint64_t k[4]; /* the mask's words; k[0] also holds b + OFFSET in bits 52..61 */
    int64_t v, v2;
} Slot;

typedef struct {
    Slot *table;
    Py_ssize_t cap, count;
} Table;

typedef struct {
    PyObject_HEAD
    int64_t vals[52];
    uint8_t is_flex[52];
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
} LayoutObject;

/* one rank's sets or one suit's runs, packed (search._Shared.packing): parts by lowest
   card, in part order; start[c]..start[c + 1] are those whose lowest card is c */
typedef struct {
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
    return 13 * s + __builtin_ctzll(m->w[s]) / FIELD;
}

static void take_one(Mask *m, int code) { m->w[code / 13] -= 1ULL << (FIELD * (code % 13)); }

/* ---- the memo tables ------------------------------------------------------------------ */

static uint64_t hash_key(const uint64_t *k) {
    uint64_t h = k[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (k[1] + (h >> 29)) * 0xBF58476D1CE4E5B9ULL;
    h ^= (k[2] + (h >> 31)) * 0x94D049BB133111EBULL;
    h ^= (k[3] + (h >> 27)) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 32);
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
        if (!s->k[0] || (s->k[0] == k[0] && s->k[1] == k[1] && s->k[2] == k[2] && s->k[3] == k[3]))
            return s;
        i = (i + 1) & mask;
    }
}

static const Slot *lookup(const Table *T, const uint64_t *k) {
    const Slot *s = find(T, k);
    return s->k[0] ? s : NULL;
}

static void clear_table(Table *T) {
    memset(T->table, 0, sizeof(Slot) * (size_t)T->cap);
    T->count = 0;
}

static void store(Table *T, Py_ssize_t limit, const uint64_t *k, int64_t v, int64_t v2) {
    Slot *s;
    if (T->count >= limit) clear_table(T);
    if (2 * (T->count + 1) > T->cap) { /* grow (or, out of memory, start afresh) */
        Py_ssize_t old_cap = T->cap, i;
        Slot *old = T->table, *grown = calloc((size_t)old_cap * 2, sizeof(Slot));
        if (grown) {
            T->table = grown;
            T->cap = old_cap * 2;
            for (i = 0; i < old_cap; i++)
                if (old[i].k[0]) *find(T, old[i].k) = old[i];
            free(old);
        } else {
            clear_table(T);
        }
    }
    s = find(T, k);
    if (!s->k[0]) T->count++;
    memcpy(s->k, k, sizeof s->k);
    s->v = v;
    s->v2 = v2;
}

static int init_table(Table *T) {
    T->cap = 1024;
    T->count = 0;
    T->table = calloc((size_t)T->cap, sizeof(Slot));
    return T->table ? 0 : -1;
}

/* ---- the search ----------------------------------------------------------------------- */

/* the parts whose lowest card is i: its rank's sets, then its suit's runs (by_low[i]) */
#define EACH_PART(P, i, part, ...)                                                         \
    do {                                                                                    \
        int g_;                                                                             \
        for (g_ = 0; g_ < 2; g_++) {                                                        \
            const GroupObject *G_ = (P)->groups[g_ ? 13 + (i) / 13 : (i) % 13];             \
            const CPart *end_;                                                              \
            if (!G_) continue;                                                              \
            end_ = G_->parts + G_->start[(i) + 1];                                          \
            for (part = G_->parts + G_->start[i]; part < end_; part++) __VA_ARGS__              \
        }                                                                                   \
    } while (0)

static int64_t value(const PartsObject *P, const Mask *mask, int b, int fl) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v;
    int i, rest_fl, cap, floor_zero = L->floor_zero, done = 0;
    Mask rest, less;
    const CPart *part;
    const Slot *hit;
    if (empty(mask)) return L->base[b + OFFSET];
    make_key(mask, b, key);
    hit = lookup(&L->memo, key);
    if (hit) return hit->v;
    i = lowest(mask);
    less = *mask;
    take_one(&less, i);
    if (L->is_flex[i]) {
        best = value(P, &less, b + 1, fl - 1);
        rest_fl = fl - 1;
    } else {
        rest_fl = fl;
    }
    done = floor_zero && best == 0;
    cap = b + fl + L->jokers; /* wild cards a meld here could still be paid */
    if (!done) EACH_PART(P, i, part, {
        int k, top, left;
        if (done) break;
        if (!holds(mask, part->w)) continue;
        top = cap - part->flex_in;
        if (part->kmax < top) top = part->kmax;
        left = fl - part->flex_in;
        minus(mask, part->w, &rest);
        for (k = part->kmin; k <= top; k++) {
            v = value(P, &rest, b - k, left);
            if (v < best) {
                best = v;
                if (floor_zero && v == 0) {
                    done = 1;
                    break;
                }
            }
        }
    });
    if (!done && b + rest_fl + L->jokers >= 0) {
        v = L->vals[i] + value(P, &less, b, rest_fl);
        if (v < best) best = v;
    }
    store(&L->memo, L->limit, key, best, 0);
    return best;
}

/* roomsearch.RoomSearch.pivot: the added copy of `code` decided first while the mask holds
   more of it than the hand (`held`); its parts: those of its rank's sets and suit's runs
   (the grown hand's groups) that hold it */
static int64_t pivot(const PartsObject *P, int code, int held, const Mask *mask, int b, int fl) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v;
    int g;
    Mask rest, less;
    const Slot *hit;
    if (code < 0 || field(mask->w, code) <= held) return value(P, mask, b, fl);
    make_key(mask, b, key);
    hit = lookup(&L->memo, key);
    if (hit) return hit->v;
    rest = *mask;
    take_one(&rest, code);
    v = L->vals[code] + value(P, &rest, b, fl);
    if (v < best) best = v;
    for (g = 0; g < 2; g++) {
        const GroupObject *G = P->groups[g ? 13 + code / 13 : code % 13];
        const CPart *part;
        if (!G) continue;
        for (part = G->parts; part < G->parts + G->n; part++) {
            int k, top, left;
            uint64_t w[4];
            if (!field(part->w, code)) continue;
            memcpy(w, part->w, sizeof w);
            w[code / 13] -= 1ULL << (FIELD * (code % 13));
            if (!holds(&rest, w)) continue;
            left = fl - part->flex_in;
            top = b + left + L->jokers;
            if (part->kmax < top) top = part->kmax;
            minus(&rest, w, &less);
            for (k = part->kmin; k <= top; k++) {
                v = value(P, &less, b - k, left);
                if (v < best) best = v;
            }
        }
    }
    store(&L->memo, L->limit, key, best, 0);
    return best;
}

/* does a part of these groups hold `code` with its other cards in `full`? (roomsearch.melds) */
static int melds(const PartsObject *P, int code, const Mask *full) {
    int g;
    for (g = 0; g < 2; g++) {
        const GroupObject *G = P->groups[g ? 13 + code / 13 : code % 13];
        const CPart *part;
        if (!G) continue;
        for (part = G->parts; part < G->parts + G->n; part++) {
            uint64_t w[4];
            if (!field(part->w, code)) continue;
            memcpy(w, part->w, sizeof w);
            w[code / 13] -= 1ULL << (FIELD * (code % 13));
            if (holds(full, w)) return 1;
        }
    }
    return 0;
}

/* search.GeneralSearch.choose: the walk's choice for the lowest card of the state (which
   it moves on): MELD (*taken, *k), WILD (a card of a wild rank as a spare wild card) or DEAD;
   *card: the lowest card. The first part in order, then the fewest wild cards, that keeps
   the least deadwood; else deadwood unless a card of a wild rank does better as a spare. */
enum { MELD, WILD, DEAD };

static int choose(const PartsObject *P, int code, int held, Mask *mask, int *b, int *fl,
                  const CPart **taken, int *took_k, int *card) {
    const LayoutObject *L = P->layout;
    const CPart *part;
    int64_t target = pivot(P, code, held, mask, *b, *fl);
    int i = lowest(mask), floor = *b + *fl + L->jokers, found = 0;
    *card = i;
    EACH_PART(P, i, part, {
        int k;
        Mask rest;
        if (found) break;
        if (!holds(mask, part->w)) continue;
        minus(mask, part->w, &rest);
        for (k = part->kmin; k <= part->kmax; k++) {
            if (floor - k - part->flex_in < 0) break;
            if (pivot(P, code, held, &rest, *b - k, *fl - part->flex_in) == target) {
                *mask = rest;
                *b -= k;
                *fl -= part->flex_in;
                *taken = part;
                *took_k = k;
                found = 1;
                break;
            }
        }
    });
    if (found) return MELD;
    take_one(mask, i);
    if (L->is_flex[i]) {
        *fl -= 1;
        if (pivot(P, code, held, mask, *b + 1, *fl) == target) {
            *b += 1;
            return WILD;
        }
    }
    return DEAD;
}

/* roomsearch.RoomSearch.dead_summary's walk: (deadwood cards, highest value among those not
   wild-capable or NONE) from the start, remembered per state in the layout's walks */
#define MAX_STEPS 512
static int walk(const PartsObject *P, int code, int held, Mask mask, int fl, int64_t *count_out,
                int64_t *worst_out) {
    LayoutObject *L = P->layout;
    uint64_t keys[MAX_STEPS][4];
    int cards[MAX_STEPS];
    int n = 0, b = 0, i, k;
    int64_t count, worst;
    const CPart *part;
    for (;;) {
        const Slot *hit;
        if (n >= MAX_STEPS) return -1;
        make_key(&mask, b, keys[n]);
        hit = lookup(&L->walks, keys[n]);
        if (hit) {
            count = hit->v;
            worst = hit->v2;
            break;
        }
        if (empty(&mask)) {
            count = L->jokers - L->used[b + OFFSET];
            worst = -INF;
            store(&L->walks, L->limit, keys[n], count, worst);
            break;
        }
        cards[n] = choose(P, code, held, &mask, &b, &fl, &part, &k, &i) == DEAD ? i : -1;
        n++;
    }
    while (n-- > 0) {
        i = cards[n];
        if (i >= 0) {
            count++;
            if (!L->is_flex[i] && L->vals[i] > worst) worst = L->vals[i];
        }
        store(&L->walks, L->limit, keys[n], count, worst);
    }
    *count_out = count;
    *worst_out = worst;
    return 0;
}

/* a part's natural codes, lowest first, as a tuple */
static PyObject *codes_of(const CPart *part) {
    PyObject *out, *item;
    int c, j, n = 0, at = 0;
    for (c = 0; c < 52; c++) n += field(part->w, c);
    out = PyTuple_New(n);
    if (!out) return NULL;
    for (c = 0; c < 52; c++)
        for (j = field(part->w, c); j > 0; j--) {
            item = PyLong_FromLong(c);
            if (!item) {
                Py_DECREF(out);
                return NULL;
            }
            PyTuple_SET_ITEM(out, at++, item);
        }
    return out;
}

/* ---- parts (meldgen.set_group, meldgen.run_group) -------------------------------------- */

static GroupObject *new_group(CPart *parts, Py_ssize_t n) {
    GroupObject *G = PyObject_New(GroupObject, &GroupType);
    Py_ssize_t i, at = 0;
    int low;
    if (!G) {
        PyMem_Free(parts);
        return NULL;
    }
    G->parts = NULL;
    G->n = n;
    G->parts = PyMem_Malloc(sizeof(CPart) * (size_t)(n ? n : 1));
    if (!G->parts) {
        PyMem_Free(parts);
        Py_DECREF(G);
        return (GroupObject *)PyErr_NoMemory();
    }
    for (low = 0; low < 52; low++) { /* by lowest card, stable (search._Shared.packing) */
        G->start[low] = (int)at;
        for (i = 0; i < n; i++)
            if (parts[i].low == low) G->parts[at++] = parts[i];
    }
    G->start[52] = (int)at;
    PyMem_Free(parts);
    return G;
}

static int min3(int a, int b, int c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

/* the set parts of one rank, its cards counted per suit: itertools.product's order */
static GroupObject *make_set_group(const LayoutObject *L, int rank, const int *avail, int wilds) {
    int top[4], u[4], s;
    Py_ssize_t n = 0;
    CPart *parts;
    for (s = 0; s < 4; s++) top[s] = L->set_distinct ? (avail[s] < 1 ? avail[s] : 1) : avail[s];
    parts = PyMem_Malloc(sizeof(CPart) * (size_t)((top[0] + 1) * (top[1] + 1) * (top[2] + 1) *
                                                  (top[3] + 1)));
    if (!parts) return (GroupObject *)PyErr_NoMemory();
    for (u[0] = 0; u[0] <= top[0]; u[0]++)
        for (u[1] = 0; u[1] <= top[1]; u[1]++)
            for (u[2] = 0; u[2] <= top[2]; u[2]++)
                for (u[3] = 0; u[3] <= top[3]; u[3]++) {
                    int count = u[0] + u[1] + u[2] + u[3], kmin, kmax;
                    CPart *p = &parts[n];
                    if (!count) continue;
                    kmin = L->set_min - count > 0 ? L->set_min - count : 0;
                    kmax = min3(wilds, L->set_max - count, L->max_wilds[count]);
                    if (L->set_distinct && kmax > 4 - count) kmax = 4 - count;
                    if (kmin > kmax) continue;
                    memset(p->w, 0, sizeof p->w);
                    p->low = -1;
                    for (s = 0; s < 4; s++) {
                        p->w[s] = (uint64_t)u[s] << (FIELD * rank);
                        if (u[s] && p->low < 0) p->low = rank + 13 * s;
                    }
                    p->kmin = kmin;
                    p->kmax = kmax;
                    p->flex_in = L->is_flex[rank] ? count : 0;
                    n++;
                }
    return new_group(parts, n);
}

/* the run parts of one suit, its ranks held as a mask: subsets in increasing order */
static GroupObject *make_run_group(const LayoutObject *L, int suit, int present, int wilds) {
    Py_ssize_t n = 0;
    int sub = 0, r;
    CPart *parts = PyMem_Malloc(sizeof(CPart) * (size_t)(1 << __builtin_popcount(present)));
    if (!parts) return (GroupObject *)PyErr_NoMemory();
    for (;;) {
        int count, gap, kmin, kmax;
        CPart *p = &parts[n];
        sub = (sub - present) & present;
        if (!sub) break;
        count = __builtin_popcount(sub);
        gap = L->span[sub] - count;
        if (gap > wilds) continue;
        kmin = gap;
        if (L->run_min - count > kmin) kmin = L->run_min - count;
        if (kmin < 0) kmin = 0;
        kmax = min3(wilds, L->run_max - count, L->max_wilds[count]);
        if (kmin > kmax) continue;
        memset(p->w, 0, sizeof p->w);
        p->flex_in = 0;
        for (r = 0; r < 13; r++)
            if (sub >> r & 1) {
                p->w[suit] |= 1ULL << (FIELD * r);
                p->flex_in += L->is_flex[r];
            }
        p->low = 13 * suit + __builtin_ctz(sub);
        p->kmin = kmin;
        p->kmax = kmax;
        n++;
    }
    return new_group(parts, n);
}

/* a group made once per key (the layout's dict; started afresh past GROUPS_LIMIT) */
static GroupObject *cached_group(LayoutObject *L, int run, int which, int held, int wilds) {
    long long k = ((long long)wilds << 32) | ((long long)held << 6) | (run << 5) | which;
    PyObject *key = PyLong_FromLongLong(k), *got;
    GroupObject *G;
    if (!key) return NULL;
    got = PyDict_GetItemWithError(L->groups, key);
    if (got) {
        Py_DECREF(key);
        Py_INCREF(got);
        return (GroupObject *)got;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(key);
        return NULL;
    }
    if (run) {
        G = make_run_group(L, which, held, wilds);
    } else {
        int avail[4], s;
        for (s = 0; s < 4; s++) avail[s] = held >> (4 * s) & 0xF;
        G = make_set_group(L, which, avail, wilds);
    }
    if (G) {
        if (PyDict_GET_SIZE(L->groups) >= GROUPS_LIMIT) PyDict_Clear(L->groups);
        if (PyDict_SetItem(L->groups, key, (PyObject *)G) < 0) Py_CLEAR(G);
    }
    Py_DECREF(key);
    return G;
}

static int rank_held(const Mask *m, int rank) { /* 4 suits' counts, a nibble each */
    int s, held = 0;
    for (s = 0; s < 4; s++) held |= field(m->w, rank + 13 * s) << (4 * s);
    return held;
}

static int suit_present(const Mask *m, int suit) {
    int r, present = 0;
    for (r = 0; r < 13; r++)
        if (field(m->w, 13 * suit + r)) present |= 1 << r;
    return present;
}

/* the hand's groups (meldgen.natural_groups): each rank's sets, each suit's runs */
static int hand_groups(LayoutObject *L, const Mask *full, int wilds, GroupObject **groups) {
    int i;
    for (i = 0; i < 17; i++) groups[i] = NULL;
    for (i = 0; i < 13 && L->has_sets; i++) {
        int held = rank_held(full, i);
        if (held && !(groups[i] = cached_group(L, 0, i, held, wilds))) return -1;
    }
    for (i = 0; i < 4 && L->has_runs; i++) {
        int present = suit_present(full, i);
        if (present && !(groups[13 + i] = cached_group(L, 1, i, present, wilds))) return -1;
    }
    return 0;
}

/* ---- Python interface ----------------------------------------------------------------- */

static int read_long(PyObject *obj, long lo, long hi, long *out) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%ld is out of range %ld..%ld", v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int state_args(PyObject *const *args, Mask *mask, int *b, int *fl) {
    long lb, lfl;
    if (read_mask(args[0], mask) || read_long(args[1], -OFFSET / 2 + 1, OFFSET / 2 - 1, &lb) ||
        read_long(args[2], 0, OFFSET / 2 - 1, &lfl))
        return -1;
    *b = (int)lb;
    *fl = (int)lfl;
    return 0;
}

static int want(Py_ssize_t nargs, Py_ssize_t n, const char *usage) {
    if (nargs == n) return 0;
    PyErr_Format(PyExc_TypeError, "%s takes %zd arguments", usage, n);
    return -1;
}

static PyObject *p_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask mask;
    int b, fl;
    if (want(nargs, 3, "value(mask, b, fl)") || state_args(args, &mask, &b, &fl)) return NULL;
    return PyLong_FromLongLong(value((PartsObject *)self, &mask, b, fl));
}

static int code_held(PyObject *const *args, int *code, int *held) {
    long c, h;
    if (read_long(args[0], -1, 51, &c) || read_long(args[1], 0, 15, &h)) return -1;
    *code = (int)c;
    *held = (int)h;
    return 0;
}

static PyObject *p_pivot(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask mask;
    int b, fl, code, held;
    if (want(nargs, 5, "pivot(code, held, mask, b, fl)") || code_held(args, &code, &held) ||
        state_args(args + 2, &mask, &b, &fl))
        return NULL;
    return PyLong_FromLongLong(pivot((PartsObject *)self, code, held, &mask, b, fl));
}

static PyObject *p_melds(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask full;
    long code;
    if (want(nargs, 2, "melds(code, full)") || read_long(args[0], 0, 51, &code) ||
        read_mask(args[1], &full))
        return NULL;
    return PyBool_FromLong(melds((PartsObject *)self, (int)code, &full));
}

static PyObject *p_summary(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask mask;
    int b, fl, code, held;
    int64_t count, worst;
    if (want(nargs, 5, "summary(code, held, start, 0, fl)") || code_held(args, &code, &held) ||
        state_args(args + 2, &mask, &b, &fl))
        return NULL;
    if (b != 0) {
        PyErr_SetString(PyExc_ValueError, "summary starts with no wild card owed or spare");
        return NULL;
    }
    if (walk((PartsObject *)self, code, held, mask, fl, &count, &worst)) {
        PyErr_SetString(PyExc_OverflowError, "summary: too many cards");
        return NULL;
    }
    return Py_BuildValue("(LL)", (long long)count, (long long)worst);
}

static PyObject *p_arrange(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PartsObject *P = (PartsObject *)self;
    Mask mask;
    int b, fl, code, held, k, card, kind;
    const CPart *part;
    PyObject *out, *item;
    if (want(nargs, 5, "arrange(code, held, start, 0, fl)") || code_held(args, &code, &held) ||
        state_args(args + 2, &mask, &b, &fl))
        return NULL;
    out = PyList_New(0);
    if (!out) return NULL;
    while (!empty(&mask)) {
        kind = choose(P, code, held, &mask, &b, &fl, &part, &k, &card);
        if (kind == MELD) {
            PyObject *codes = codes_of(part);
            item = codes ? Py_BuildValue("(Ni)", codes, k) : NULL;
        } else {
            item = PyLong_FromLong(kind == WILD ? -1 - card : card);
        }
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return Py_BuildValue("(Ni)", out, b);
}

static int read_table(PyObject *obj, Py_ssize_t n, int64_t *out, const char *name) {
    PyObject *fast = PySequence_Fast(obj, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s has %zd items", name, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
    Py_DECREF(fast);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *layout_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"vals", "is_flex", "jokers", "base", "used", "rules", "max_wilds",
                            "span", "limit", NULL};
    PyObject *vals, *is_flex, *base, *used, *rules, *max_wilds, *span;
    int jokers;
    Py_ssize_t limit, i;
    int64_t buf[8192];
    LayoutObject *L;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiOOOOOn", names, &vals, &is_flex, &jokers,
                                     &base, &used, &rules, &max_wilds, &span, &limit))
        return NULL;
    if (jokers < 0 || jokers >= OFFSET / 2 || limit < 1) {
        PyErr_SetString(PyExc_ValueError, "Layout: jokers 0..255, limit >= 1");
        return NULL;
    }
    L = (LayoutObject *)type->tp_alloc(type, 0);
    if (!L) return NULL;
    L->groups = PyDict_New();
    if (!L->groups || read_table(vals, 52, L->vals, "vals") ||
        read_table(base, 2 * OFFSET, L->base, "base"))
        goto fail;
    if (read_table(is_flex, 52, buf, "is_flex")) goto fail;
    for (i = 0; i < 52; i++) L->is_flex[i] = buf[i] != 0;
    if (read_table(used, 2 * OFFSET, buf, "used")) goto fail;
    for (i = 0; i < 2 * OFFSET; i++) L->used[i] = (int)buf[i];
    if (read_table(rules, 8, buf, "rules")) goto fail;
    for (i = 0; i < 8; i++) /* (a BIG maximum is as good as any past a hand) */
        if (buf[i] < 0 || buf[i] > 1 << 20) buf[i] = buf[i] < 0 ? 0 : 1 << 20;
    L->has_sets = (int)buf[0];
    L->set_min = (int)buf[1];
    L->set_max = (int)buf[2];
    L->set_distinct = (int)buf[3];
    L->has_runs = (int)buf[4];
    L->run_min = (int)buf[5];
    L->run_max = (int)buf[6];
    if (read_table(max_wilds, MAX_NATURALS + 1, buf, "max_wilds")) goto fail;
    for (i = 0; i <= MAX_NATURALS; i++) L->max_wilds[i] = (int)(buf[i] > 1 << 20 ? 1 << 20 : buf[i]);
    if (read_table(span, 8192, buf, "span")) goto fail;
    for (i = 0; i < 8192; i++) L->span[i] = (uint8_t)(buf[i] < 0 || buf[i] > 14 ? 14 : buf[i]);
    L->floor_zero = buf[7] != 0;
    L->jokers = jokers;
    L->limit = limit;
    if (init_table(&L->memo) || init_table(&L->walks)) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)L;
fail:
    Py_DECREF(L);
    return NULL;
}

static void layout_dealloc(LayoutObject *L) {
    Py_XDECREF(L->groups);
    free(L->memo.table);
    free(L->walks.table);
    Py_TYPE(L)->tp_free((PyObject *)L);
}

static Py_ssize_t layout_len(LayoutObject *L) { return L->memo.count + L->walks.count; }

static PyObject *layout_clear(PyObject *self, PyObject *Py_UNUSED(unused)) {
    LayoutObject *L = (LayoutObject *)self;
    clear_table(&L->memo);
    clear_table(&L->walks);
    PyDict_Clear(L->groups);
    Py_RETURN_NONE;
}

static void group_dealloc(GroupObject *G) {
    PyMem_Free(G->parts);
    Py_TYPE(G)->tp_free((PyObject *)G);
}

static PartsObject *new_parts(LayoutObject *L, const Mask *full, int wilds) {
    PartsObject *P = PyObject_New(PartsObject, &PartsType);
    int i;
    if (!P) return NULL;
    Py_INCREF(L);
    P->layout = L;
    for (i = 0; i < 17; i++) P->groups[i] = NULL;
    P->full = *full;
    P->wilds = wilds;
    return P;
}

static PyObject *layout_search(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask full;
    long wilds;
    PartsObject *P;
    if (want(nargs, 2, "search(full, wilds)") || read_mask(args[0], &full) ||
        read_long(args[1], 0, OFFSET / 2 - 1, &wilds))
        return NULL;
    for (int s = 0; s < 4; s++)
        if (full.w[s] & GUARD) {
            PyErr_SetString(PyExc_OverflowError, "search: at most 7 cards of a code");
            return NULL;
        }
    P = new_parts(L, &full, (int)wilds);
    if (!P) return NULL;
    if (hand_groups(L, &full, (int)wilds, P->groups)) {
        Py_DECREF(P);
        return NULL;
    }
    return (PyObject *)P;
}

/* the Parts of the hand with one more `code` (its rank's sets and suit's runs remade) */
static PartsObject *grown_parts(PartsObject *P, int code) {
    LayoutObject *L = P->layout;
    Mask full = P->full;
    PartsObject *G;
    int i, rank = code % 13, suit = code / 13;
    if (field(full.w, code) >= 7) {
        PyErr_SetString(PyExc_OverflowError, "grown: at most 7 cards of a code");
        return NULL;
    }
    full.w[suit] += 1ULL << (FIELD * rank);
    G = new_parts(L, &full, P->wilds);
    if (!G) return NULL;
    for (i = 0; i < 17; i++) {
        G->groups[i] = P->groups[i];
        Py_XINCREF(G->groups[i]);
    }
    if (L->has_sets) {
        Py_XDECREF(G->groups[rank]);
        G->groups[rank] = cached_group(L, 0, rank, rank_held(&full, rank), P->wilds);
        if (!G->groups[rank]) goto fail;
    }
    if (L->has_runs) {
        Py_XDECREF(G->groups[13 + suit]);
        G->groups[13 + suit] = cached_group(L, 1, suit, suit_present(&full, suit), P->wilds);
        if (!G->groups[13 + suit]) goto fail;
    }
    return G;
fail:
    Py_DECREF(G);
    return NULL;
}

static PyObject *p_grown(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    long code;
    if (want(nargs, 1, "grown(code)") || read_long(args[0], 0, 51, &code)) return NULL;
    return (PyObject *)grown_parts((PartsObject *)self, (int)code);
}

static int flex_count(const LayoutObject *L, const Mask *m) {
    int c, n = 0;
    for (c = 0; c < 52; c++)
        if (L->is_flex[c]) n += field(m->w, c);
    return n;
}

/* plusone._general's natural cards in one call: for each code of `room` (natural, not
   wild-capable), (least deadwood, deadwood cards, highest value among those not
   wild-capable or NONE) of the hand with one more of it, dead jokers left out */
static PyObject *p_plus_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    PartsObject *P = (PartsObject *)self;
    LayoutObject *L = P->layout;
    PyObject *room, *out = NULL;
    Py_ssize_t i, n;
    int fl = flex_count(L, &P->full), have_base = 0;
    int64_t base = 0, base_count = 0, base_worst = 0;
    if (want(nargs, 1, "plus_one(room)")) return NULL;
    room = PySequence_Fast(args[0], "room is a list of codes");
    if (!room) return NULL;
    n = PySequence_Fast_GET_SIZE(room);
    out = PyList_New(n);
    if (!out) goto fail;
    for (i = 0; i < n; i++) {
        long code;
        int64_t v, count, worst;
        PyObject *item;
        if (read_long(PySequence_Fast_GET_ITEM(room, i), 0, 51, &code)) goto fail;
        if (L->is_flex[code]) {
            PyErr_SetString(PyExc_ValueError, "plus_one: room holds natural cards only");
            goto fail;
        }
        {
            PartsObject *G = grown_parts(P, (int)code);
            int held = field(P->full.w, (int)code), bad = 0, melded;
            if (!G) goto fail;
            melded = melds(G, (int)code, &P->full);
            if (melded) {
                v = pivot(G, (int)code, held, &G->full, 0, fl);
                bad = walk(G, (int)code, held, G->full, fl, &count, &worst);
            }
            Py_DECREF(G);
            if (bad) goto too_many;
            if (!melded) { /* deadwood in every arrangement: it joins the hand's deadwood */
                if (!have_base) {
                    base = value(P, &P->full, 0, fl);
                    if (walk(P, -1, 0, P->full, fl, &base_count, &base_worst)) goto too_many;
                    have_base = 1;
                }
                v = base + L->vals[code];
                count = base_count + 1;
                worst = base_worst > L->vals[code] ? base_worst : L->vals[code];
            }
        }
        item = Py_BuildValue("(LLL)", (long long)v, (long long)count, (long long)worst);
        if (!item) goto fail;
        PyList_SET_ITEM(out, i, item);
    }
    Py_DECREF(room);
    return out;
too_many:
    PyErr_SetString(PyExc_OverflowError, "plus_one: too many cards");
fail:
    Py_DECREF(room);
    Py_XDECREF(out);
    return NULL;
}

static void parts_dealloc(PartsObject *P) {
    int i;
    for (i = 0; i < 17; i++) Py_XDECREF(P->groups[i]);
    Py_XDECREF(P->layout);
    Py_TYPE(P)->tp_free((PyObject *)P);
}

static PyMethodDef layout_methods[] = {
    {"clear", layout_clear, METH_NOARGS, "clear() -> forget every state value, walk and group"},
    {"search", (PyCFunction)(void (*)(void))layout_search, METH_FASTCALL,
     "search(full, wilds) -> the Parts of the hand `full` holding `wilds` wild cards"},
    {NULL, NULL, 0, NULL},
};

static PyMappingMethods layout_mapping = {.mp_length = (lenfunc)layout_len};

static PyMethodDef parts_methods[] = {
    {"value", (PyCFunction)(void (*)(void))p_value, METH_FASTCALL,
     "value(mask, b, fl) -> least deadwood of the state (search.GeneralSearch._value)"},
    {"pivot", (PyCFunction)(void (*)(void))p_pivot, METH_FASTCALL,
     "pivot(code, held, mask, b, fl) -> roomsearch.RoomSearch.pivot (code -1: value)"},
    {"melds", (PyCFunction)(void (*)(void))p_melds, METH_FASTCALL,
     "melds(code, full) -> does a part hold code with its other cards in full?"},
    {"grown", (PyCFunction)(void (*)(void))p_grown, METH_FASTCALL,
     "grown(code) -> the Parts of the hand with one more code (its groups changed)"},
    {"plus_one", (PyCFunction)(void (*)(void))p_plus_one, METH_FASTCALL,
     "plus_one(room) -> [(deadwood, deadwood cards, highest value) with one more code]"},
    {"arrange", (PyCFunction)(void (*)(void))p_arrange, METH_FASTCALL,
     "arrange(code, held, start, 0, fl) -> (the walk's choices, wild cards owed or spare)"},
    {"summary", (PyCFunction)(void (*)(void))p_summary, METH_FASTCALL,
     "summary(code, held, start, 0, fl) -> (deadwood cards, highest value) of the walk"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Layout",
    .tp_basicsize = sizeof(LayoutObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Layout(vals, is_flex, jokers, base, used, rules, max_wilds, span, limit)",
    .tp_new = layout_new,
    .tp_dealloc = (destructor)layout_dealloc,
    .tp_methods = layout_methods,
    .tp_as_mapping = &layout_mapping,
};

static PyTypeObject GroupType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Group",
    .tp_basicsize = sizeof(GroupObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One rank's sets or one suit's runs, by lowest card (made by Layout.search)",
    .tp_dealloc = (destructor)group_dealloc,
};

static PyTypeObject PartsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Parts",
    .tp_basicsize = sizeof(PartsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One hand's groups (made by Layout.search); value, pivot, walks",
    .tp_dealloc = (destructor)parts_dealloc,
    .tp_methods = parts_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_gensearch",
    "The general counted deadwood search in C (see search.py).", -1, NULL, NULL, NULL, NULL, NULL,
};

static int add_type(PyObject *m, PyTypeObject *type, const char *name) {
    if (PyType_Ready(type) < 0) return -1;
    Py_INCREF(type);
    if (PyModule_AddObject(m, name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__gensearch(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", KERNEL_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "SOURCE", KERNEL_SOURCE) < 0 ||
        add_type(m, &LayoutType, "Layout") < 0 || add_type(m, &PartsType, "Parts") < 0 ||
        add_type(m, &GroupType, "Group") < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
