/* The one-deck deadwood kernel in C (interpreter, under runtable.py; loaded by native.py).
 *
 * The same computation as the pure-Python Kernel in runtable.py, over the same
 * tables (copied in once per kernel): a 52-bit card mask (13 bits per suit) is
 * split into four suit masks; the least deadwood with runs only is four reads of
 * the per-suit run table; each choice of sets (for every rank held in enough
 * suits, no set or one of the suit masks its sets may use) removes those cards
 * first. All discards are one pass: per suit mask, `gain` is the least change of
 * the run table's value by removing one card and `arg` the highest rank that
 * achieves it; ties go to the highest suit, then to the highest card code over
 * the set choices. Answers equal the Python kernel's exactly, ties included
 * (tests/interpreter/test_native.py checks it).
 *
 * A plain CPython extension: METH_FASTCALL methods take the mask as a Python int,
 * the cheapest call the interpreter has. KERNEL_VERSION must equal native.py's
 * VERSION and KERNEL_SOURCE the digest of this file as it is now, so a stale build
 * is refused there (the pure-Python kernel is used).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define KERNEL_VERSION 2
#ifndef KERNEL_SOURCE /* set by hatch_build.py: the first 28 bits of this file's sha256 */
#define KERNEL_SOURCE -1
#endif
#define SUIT 0x1FFFULL
#define CARDS ((1ULL << 52) - 1)
#define NONE_GAIN ((int64_t)1 << 60) /* runtable.INF: an empty suit has nothing to drop */
#define MAX_RANKS 13

/* lowest set bit and bit count, portable (GCC and Clang have builtins; MSVC does not) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(RULESPEC_NO_BUILTINS)
#define LOWEST_BIT(x) __builtin_ctzll(x)
#define BIT_COUNT(x) __builtin_popcountll(x)
#else
static int LOWEST_BIT(uint64_t x) {
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
static int BIT_COUNT(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
#endif

typedef struct {
    PyObject_HEAD
    int set_min;  /* 1..4; 5 = no sets */
    int64_t table[8192];
    int64_t gain[8192];
    int8_t arg[8192];
    uint8_t n_opts[16];
    uint8_t opts[16][16]; /* the non-empty suit masks a rank's sets can use, by held suits */
} KernelObject;

/* a 4-bit suit mask as the 52-bit card mask of rank A */
static uint64_t spread[16];

static uint64_t set_ranks(const KernelObject *k, uint64_t s0, uint64_t s1, uint64_t s2,
                          uint64_t s3) {
    /* meldrules.ranks_held: ranks held in at least set_min suits (bit-sliced count) */
    uint64_t a, b, c, d, low, carry, mid, high;
    if (k->set_min > 4) return 0;
    if (k->set_min <= 1) return s0 | s1 | s2 | s3;
    a = s0 ^ s1;
    b = s0 & s1;
    c = s2 ^ s3;
    d = s2 & s3;
    low = a ^ c;
    carry = a & c;
    mid = b ^ d ^ carry;
    high = (b & d) | (carry & (b ^ d));
    if (k->set_min >= 4) return high;
    if (k->set_min == 3) return high | (mid & low);
    return high | mid;
}

static inline int64_t runs_only(const KernelObject *k, uint64_t x) {
    return k->table[x & SUIT] + k->table[(x >> 13) & SUIT] + k->table[(x >> 26) & SUIT] +
           k->table[(x >> 39) & SUIT];
}

/* The set choices of a hand: for each rank in `ranks`, its held suits' options. */
typedef struct {
    int n;
    int shift[MAX_RANKS];
    int held[MAX_RANKS];
    int at[MAX_RANKS];
} Choices;

static void choices_init(const KernelObject *k, Choices *ch, uint64_t mask, uint64_t ranks) {
    int r;
    ch->n = 0;
    for (r = 0; r < 13; r++) {
        if (ranks >> r & 1) {
            int held = (int)((mask >> r & 1) | (mask >> (r + 12) & 2) | (mask >> (r + 24) & 4) |
                             (mask >> (r + 36) & 8));
            if (k->n_opts[held]) {
                ch->shift[ch->n] = r;
                ch->held[ch->n] = held;
                ch->at[ch->n] = 0;
                ch->n++;
            }
        }
    }
}

/* The next non-empty choice (an odometer over "no set" and each option), as the cards it
 * takes; 0 when every choice was given. */
static uint64_t choices_next(const KernelObject *k, Choices *ch) {
    int i;
    uint64_t take = 0;
    for (i = 0; i < ch->n; i++) {
        if (ch->at[i] < k->n_opts[ch->held[i]]) {
            ch->at[i]++;
            break;
        }
        ch->at[i] = 0;
    }
    if (i == ch->n) return 0;
    for (i = 0; i < ch->n; i++) {
        if (ch->at[i]) take |= spread[k->opts[ch->held[i]][ch->at[i] - 1]] << ch->shift[i];
    }
    return take;
}

static int64_t value_of(const KernelObject *k, uint64_t mask) {
    uint64_t s0 = mask & SUIT, s1 = (mask >> 13) & SUIT, s2 = (mask >> 26) & SUIT,
             s3 = (mask >> 39) & SUIT;
    int64_t best = k->table[s0] + k->table[s1] + k->table[s2] + k->table[s3];
    uint64_t ranks, take;
    Choices ch;
    if (!best) return 0;
    ranks = set_ranks(k, s0, s1, s2, s3);
    if (!ranks) return best;
    choices_init(k, &ch, mask, ranks);
    while ((take = choices_next(k, &ch)) != 0) {
        int64_t v = runs_only(k, mask ^ take);
        if (v < best) {
            best = v;
            if (!v) break;
        }
    }
    return best;
}

/* The least deadwood of x after dropping one card from one suit, by runs only, and that
 * card; 0 when x has no card. */
static int drop_one(const KernelObject *k, uint64_t x, int64_t *value, int *card) {
    int64_t g = NONE_GAIN;
    int i, suit = -1;
    for (i = 0; i < 4; i++) {
        int64_t gi = k->gain[(x >> (13 * i)) & SUIT];
        if (gi <= g && gi < NONE_GAIN) { /* ties: the highest suit */
            g = gi;
            suit = i;
        }
    }
    if (suit < 0) return 0;
    *value = runs_only(k, x) + g;
    *card = 13 * suit + k->arg[(x >> (13 * suit)) & SUIT];
    return 1;
}

static void after_discard_of(const KernelObject *k, uint64_t mask, int64_t *best, int *card) {
    uint64_t ranks, take;
    Choices ch;
    drop_one(k, mask, best, card);
    ranks = set_ranks(k, mask & SUIT, (mask >> 13) & SUIT, (mask >> 26) & SUIT,
                      (mask >> 39) & SUIT);
    if (!ranks) return;
    choices_init(k, &ch, mask, ranks);
    while ((take = choices_next(k, &ch)) != 0) {
        int64_t v;
        int c;
        if (!drop_one(k, mask ^ take, &v, &c)) continue; /* every card in a set */
        if (v < *best || (v == *best && c > *card)) {
            *best = v;
            *card = c;
        }
    }
}

static int read_mask(PyObject *arg, uint64_t *out, int nonempty) {
    unsigned long long m;
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "a card mask is an int");
        return -1;
    }
    m = PyLong_AsUnsignedLongLong(arg);
    if (m == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "a card mask holds codes 0..51 only");
        return -1;
    }
    if (m & ~CARDS) {
        PyErr_SetString(PyExc_ValueError, "a card mask holds codes 0..51 only");
        return -1;
    }
    if (nonempty && !m) {
        PyErr_SetString(PyExc_ValueError, "after_discard needs at least one card");
        return -1;
    }
    *out = (uint64_t)m;
    return 0;
}

static PyObject *pair(int64_t value, int card) {
    PyObject *t = PyTuple_New(2), *v, *c;
    if (!t) return NULL;
    v = PyLong_FromLongLong(value);
    c = PyLong_FromLong(card);
    if (!v || !c) {
        Py_XDECREF(v);
        Py_XDECREF(c);
        Py_DECREF(t);
        return NULL;
    }
    PyTuple_SET_ITEM(t, 0, v);
    PyTuple_SET_ITEM(t, 1, c);
    return t;
}

static int n_args(Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd argument(s) (%zd given)", name, want, nargs);
        return -1;
    }
    return 0;
}

static PyObject *k_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    if (n_args(nargs, 1, "value") || read_mask(args[0], &mask, 0)) return NULL;
    return PyLong_FromLongLong(value_of((KernelObject *)self, mask));
}

static PyObject *k_after_discard(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    int64_t best;
    int card;
    if (n_args(nargs, 1, "after_discard") || read_mask(args[0], &mask, 1)) return NULL;
    after_discard_of((KernelObject *)self, mask, &best, &card);
    return pair(best, card);
}

static PyObject *value_item(const KernelObject *k, uint64_t mask) {
    return PyLong_FromLongLong(value_of(k, mask));
}

static PyObject *after_discard_item(const KernelObject *k, uint64_t mask) {
    int64_t best;
    int card;
    after_discard_of(k, mask, &best, &card);
    return pair(best, card);
}

/* [item(mask | bit) for each bit of add, lowest first]: the batch entry points */
static PyObject *each_added(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                            const char *name,
                            PyObject *(*item)(const KernelObject *, uint64_t)) {
    uint64_t mask, add;
    PyObject *out;
    if (n_args(nargs, 2, name) || read_mask(args[0], &mask, 0) || read_mask(args[1], &add, 0))
        return NULL;
    out = PyList_New(0);
    while (out && add) {
        uint64_t low = add & (~add + 1);
        PyObject *v = item((const KernelObject *)self, mask | low);
        add ^= low;
        if (!v || PyList_Append(out, v)) {
            Py_XDECREF(v);
            Py_CLEAR(out);
            break;
        }
        Py_DECREF(v);
    }
    return out;
}

static PyObject *k_values_plus(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return each_added(self, args, nargs, "values_plus", value_item);
}

static PyObject *k_after_discard_plus(PyObject *self, PyObject *const *args,
                                      Py_ssize_t nargs) {
    return each_added(self, args, nargs, "after_discard_plus", after_discard_item);
}

static int read_table(PyObject *seq, int64_t *dest, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 8192) {
        PyErr_Format(PyExc_ValueError, "%s: 8192 entries wanted", name);
        goto fail;
    }
    for (i = 0; i < 8192; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) goto fail;
        dest[i] = (int64_t)v;
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static int read_options(KernelObject *k, PyObject *seq) {
    PyObject *fast = PySequence_Fast(seq, "options"), *row = NULL;
    Py_ssize_t held, j;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 16) goto bad;
    for (held = 0; held < 16; held++) {
        row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, held), "options row");
        if (!row) goto fail;
        k->n_opts[held] = 0;
        for (j = 0; j < PySequence_Fast_GET_SIZE(row); j++) {
            long o = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            if (o == -1 && PyErr_Occurred()) goto fail;
            if (o <= 0 || o > 15 || (o & ~held) || k->n_opts[held] >= 16) goto bad;
            k->opts[held][k->n_opts[held]++] = (uint8_t)o;
        }
        Py_CLEAR(row);
    }
    Py_DECREF(fast);
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "options: 16 rows of non-empty subsets of the held suits");
fail:
    Py_XDECREF(row);
    Py_DECREF(fast);
    return -1;
}

static PyObject *kernel_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *table, *gain, *arg, *options;
    int set_min;
    KernelObject *k;
    int64_t args_buf[8192];
    Py_ssize_t i;
    static char *names[] = {"table", "gain", "arg", "options", "set_min", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOi", names, &table, &gain, &arg, &options,
                                     &set_min))
        return NULL;
    k = (KernelObject *)type->tp_alloc(type, 0);
    if (!k) return NULL;
    k->set_min = set_min < 1 ? 1 : set_min > 5 ? 5 : set_min;
    if (read_table(table, k->table, "table") || read_table(gain, k->gain, "gain") ||
        read_table(arg, args_buf, "arg") || read_options(k, options)) {
        Py_DECREF(k);
        return NULL;
    }
    for (i = 0; i < 8192; i++) k->arg[i] = (int8_t)args_buf[i];
    return (PyObject *)k;
}

static PyMethodDef kernel_methods[] = {
    {"value", (PyCFunction)(void (*)(void))k_value, METH_FASTCALL,
     "value(mask) -> least deadwood of the cards of a 52-bit one-deck mask"},
    {"after_discard", (PyCFunction)(void (*)(void))k_after_discard, METH_FASTCALL,
     "after_discard(mask) -> (least deadwood after one discard, that card; highest on ties)"},
    {"values_plus", (PyCFunction)(void (*)(void))k_values_plus, METH_FASTCALL,
     "values_plus(mask, add) -> [value(mask | bit) for each bit of add, lowest first]"},
    {"after_discard_plus", (PyCFunction)(void (*)(void))k_after_discard_plus, METH_FASTCALL,
     "after_discard_plus(mask, add) -> [after_discard(mask | bit) for each bit of add]"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._deadwood.Kernel",
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kernel(table, gain, arg, options, set_min): the one-deck deadwood kernel",
    .tp_new = kernel_new,
    .tp_methods = kernel_methods,
};

/* ---- the smart bot's mask lookahead (bots/masklook.py's MaskLook, in C) ----------------
 *
 * A Look holds a Kernel and the tables of one variant's MaskLook: the per-suit run cover,
 * the rank value sums, the natural melds by lowest card (the solver's walk, solver._walk),
 * the rank-distance filter and the pairs' outs (hands._pair_outs). Its answers are
 * MaskLook's: `stats` (deadwood, deadwood cards, their top value) of the solver's
 * arrangement, `dead_mask`, `next_turn` (the one-draw lookahead's integer sums) and `pot`
 * (hands.potential's float sum, term by term in the same order, so the same double).
 * The walk of a meldable mask is cached in a fixed hash table (a miss only recomputes).
 */

#define LOOK_NONE (-((int64_t)1 << 60)) /* masklook.NONE: the top value of no cards */
#define WALK_SLOTS (1 << 15)

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
    Danger danger;
} LookObject;

static inline uint64_t spread13(uint64_t m) { return m | m << 13 | m << 26 | m << 39; }

static uint64_t ranks_held_c(uint64_t s0, uint64_t s1, uint64_t s2, uint64_t s3, int need) {
    uint64_t a, b, c, d, low, carry, mid, high;
    if (need <= 1) return s0 | s1 | s2 | s3;
    a = s0 ^ s1;
    b = s0 & s1;
    c = s2 ^ s3;
    d = s2 & s3;
    low = a ^ c;
    carry = a & c;
    mid = b ^ d ^ carry;
    high = (b & d) | (carry & (b ^ d));
    if (need >= 4) return high;
    if (need == 3) return high | (mid & low);
    return high | mid;
}

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

static PyObject *l_stats(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    int64_t dw, count, worst;
    if (n_args(nargs, 1, "stats") || read_mask(args[0], &mask, 0)) return NULL;
    look_stats((LookObject *)self, mask, &dw, &count, &worst);
    return Py_BuildValue("(LLL)", (long long)dw, (long long)count, (long long)worst);
}

static PyObject *l_dead_mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask;
    if (n_args(nargs, 1, "dead_mask") || read_mask(args[0], &mask, 0)) return NULL;
    return PyLong_FromUnsignedLongLong(look_dead_mask((LookObject *)self, mask));
}

/* next_turn(mask, pool, limit, weight): MaskLook.next_turn_mask for a pool of distinct
 * cards (a mask) not meeting the hand; limit None: no knock count. */
static int read_limit(PyObject *arg, int *has_limit, int64_t *limit) {
    *has_limit = arg != Py_None;
    *limit = 0;
    if (*has_limit) {
        *limit = PyLong_AsLongLong(arg);
        if (*limit == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static PyObject *l_next_turn(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, pool;
    int64_t total, ready, limit, weight;
    int has_limit;
    if (n_args(nargs, 4, "next_turn") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &pool, 0) || read_limit(args[2], &has_limit, &limit))
        return NULL;
    weight = PyLong_AsLongLong(args[3]);
    if (weight == -1 && PyErr_Occurred()) return NULL;
    if (mask & pool) {
        PyErr_SetString(PyExc_ValueError, "next_turn: the pool holds a card of the hand");
        return NULL;
    }
    if (!pool) return Py_BuildValue("(dii)", 0.0, 0, 0);
    look_next_turn((LookObject *)self, mask, pool, has_limit, limit, weight, &total, &ready);
    return Py_BuildValue("(dii)", (double)total, BIT_COUNT(pool), (int)ready);
}

/* pot(mask, pool, draws, unit): hands.potential of the hand's deadwood pairs, the pool a
 * mask of distinct cards: 1 - (1 - outs / total) ** draws per pair, times its value. */
static double look_pot(LookObject *L, uint64_t mask, uint64_t pool, double draws, double unit) {
    int total = BIT_COUNT(pool);
    uint64_t rest;
    double gain = 0.0;
    if (!total || draws <= 0) return 0.0;
    rest = look_dead_mask(L, mask);
    while (rest) {
        int a = LOWEST_BIT(rest);
        uint64_t mates;
        rest &= rest - 1;
        mates = L->partners[a] & rest;
        while (mates) {
            int b = LOWEST_BIT(mates), outs;
            mates &= mates - 1;
            outs = BIT_COUNT(L->outs[a * 52 + b] & pool);
            if (outs) {
                double chance = 1 - pow(1 - (double)outs / (double)total, draws);
                double term = chance * ((double)(L->values[a] + L->values[b]) / unit);
                if (term != 0.0) gain += term;
            }
        }
    }
    return gain;
}

static PyObject *l_pot(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, pool;
    double draws, unit;
    if (n_args(nargs, 4, "pot") || read_mask(args[0], &mask, 0) || read_mask(args[1], &pool, 0))
        return NULL;
    draws = PyFloat_AsDouble(args[2]);
    if (draws == -1.0 && PyErr_Occurred()) return NULL;
    unit = PyFloat_AsDouble(args[3]);
    if (unit == -1.0 && PyErr_Occurred()) return NULL;
    return PyFloat_FromDouble(look_pot((LookObject *)self, mask, pool, draws, unit));
}

/* score(rest, pool, mode, limit, weight, knock, look, pot, draws, max_cards): the smart
 * bot's cost of a hand left after a discard, without meld credit (SmartBot's
 * `_mask_discard_score` less the danger, and `_best_after_discard`'s fast loop): mode 0 the
 * cost (maskscore.mask_cost); mode 1 less `pot` times the potential; mode 2, for a hand of
 * at most max_cards cards, `look` times the one-draw lookahead (maskscore.ahead, `knock`
 * per chance to knock) plus 1 - look times the cost, less `pot` times the potential. */
/* The weights of a discard's score (SmartBot's constants, as the caller reads them). */
typedef struct {
    int has_limit;
    int64_t limit;
    long max_cards;
    double weight, knock, look, pot, draws;
} Weights;

static int read_weights(PyObject *const *args, Weights *w) {
    if (read_limit(args[0], &w->has_limit, &w->limit)) return -1;
    w->weight = PyFloat_AsDouble(args[1]);
    w->knock = PyFloat_AsDouble(args[2]);
    w->look = PyFloat_AsDouble(args[3]);
    w->pot = PyFloat_AsDouble(args[4]);
    w->draws = PyFloat_AsDouble(args[5]);
    w->max_cards = PyLong_AsLong(args[6]);
    return PyErr_Occurred() ? -1 : 0;
}

static double look_score(LookObject *L, uint64_t rest, uint64_t pool, int mode, const Weights *w) {
    double score = look_cost(L, rest, w->weight);
    if (mode == 2) {
        int n = BIT_COUNT(pool);
        double got;
        if (BIT_COUNT(rest) > w->max_cards) return score;
        if (!n) {
            got = look_cost(L, rest, w->weight);
        } else {
            int64_t total, ready;
            look_next_turn(L, rest, pool, w->has_limit, w->limit, (int64_t)w->weight, &total,
                           &ready);
            got = (double)total / (double)n - w->knock * (double)ready / (double)n;
        }
        score = w->look * got + (1 - w->look) * score;
    }
    if (mode >= 1 && w->pot != 0.0) score -= w->pot * look_pot(L, rest, pool, w->draws, 1.0);
    return score;
}

static PyObject *l_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t rest, pool;
    long mode;
    Weights w;
    if (n_args(nargs, 10, "score") || read_mask(args[0], &rest, 0) ||
        read_mask(args[1], &pool, 0))
        return NULL;
    mode = PyLong_AsLong(args[2]);
    if ((mode == -1 && PyErr_Occurred()) || read_weights(args + 3, &w)) return NULL;
    if (rest & pool) {
        PyErr_SetString(PyExc_ValueError, "score: the pool holds a card of the hand");
        return NULL;
    }
    return PyFloat_FromDouble(look_score((LookObject *)self, rest, pool, (int)mode, &w));
}

/* least(mask, cards, pool, mode, <weights as score's>): the least score(mask less one card
 * of `cards`, pool, mode), the cards taken lowest first (`_best_after_discard`'s loop);
 * None for no card. */
static PyObject *l_least(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    uint64_t mask, cards, pool;
    long mode;
    Weights w;
    double best = 0.0;
    int any = 0;
    if (n_args(nargs, 11, "least") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &cards, 0) || read_mask(args[2], &pool, 0))
        return NULL;
    mode = PyLong_AsLong(args[3]);
    if ((mode == -1 && PyErr_Occurred()) || read_weights(args + 4, &w)) return NULL;
    if ((cards & ~mask) || (mask & pool)) {
        PyErr_SetString(PyExc_ValueError, "least: cards of the hand wanted, and a pool apart");
        return NULL;
    }
    while (cards) {
        int card = LOWEST_BIT(cards);
        double score;
        cards &= cards - 1;
        score = look_score((LookObject *)self, mask ^ (1ULL << card), pool, (int)mode, &w);
        if (!any || score < best) {
            best = score;
            any = 1;
        }
    }
    if (!any) Py_RETURN_NONE;
    return PyFloat_FromDouble(best);
}

/* choose(mask, cards, dangers, pool, keep, <weights as score's>): SmartBot's discard on the
 * mask path in one call: each card's plain score plus its danger (dangers: one per card of
 * the `cards` mask, lowest first), the `keep` best by (score, card) scored again with the
 * lookahead (mode 2) plus the danger; the card of the least (deep score, card). */
static PyObject *l_choose(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    uint64_t mask, cards, pool;
    long keep;
    Weights w;
    int order[52], n = 0, i, j, best = -1;
    double danger[52], shallow[52], best_score = 0.0;
    PyObject *fast;
    if (n_args(nargs, 12, "choose") || read_mask(args[0], &mask, 0) ||
        read_mask(args[1], &cards, 0) || read_mask(args[3], &pool, 0))
        return NULL;
    keep = PyLong_AsLong(args[4]);
    if ((keep == -1 && PyErr_Occurred()) || read_weights(args + 5, &w)) return NULL;
    if ((cards & ~mask) || (mask & pool) || !cards) {
        PyErr_SetString(PyExc_ValueError,
                        "choose: cards of the hand wanted, and a pool apart from it");
        return NULL;
    }
    fast = PySequence_Fast(args[2], "dangers");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != BIT_COUNT(cards)) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "choose: one danger per card wanted");
        return NULL;
    }
    while (cards) {
        int card = LOWEST_BIT(cards);
        cards &= cards - 1;
        danger[card] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, n));
        shallow[card] = look_score(L, mask ^ (1ULL << card), 0, 0, &w) + danger[card];
        /* insertion by (score, card): the cards come lowest first, so ties keep them */
        for (i = n; i > 0 && shallow[card] < shallow[order[i - 1]]; i--) order[i] = order[i - 1];
        order[i] = card;
        n++;
    }
    Py_DECREF(fast);
    if (PyErr_Occurred()) return NULL;
    for (j = 0; j < n && j < keep; j++) {
        int card = order[j];
        double deep = look_score(L, mask ^ (1ULL << card), pool, 2, &w) + danger[card];
        if (best < 0 || deep < best_score || (deep == best_score && card < best)) {
            best = card;
            best_score = deep;
        }
    }
    if (best < 0) {
        PyErr_SetString(PyExc_ValueError, "choose: keep at least one card");
        return NULL;
    }
    return PyLong_FromLong(best);
}

static int read_i64s(PyObject *seq, int64_t *dest, Py_ssize_t n, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries wanted", name, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dest[i] = (int64_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_u64s(PyObject *seq, uint64_t *dest, Py_ssize_t n, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries wanted", name, n);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dest[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_melds(LookObject *L, PyObject *seq) {
    PyObject *fast = PySequence_Fast(seq, "melds"), *row;
    Py_ssize_t c, j, n = 0;
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != 52) {
        PyErr_SetString(PyExc_ValueError, "melds: 52 rows wanted");
        Py_DECREF(fast);
        return -1;
    }
    for (c = 0; c < 52; c++) n += PySequence_Size(PySequence_Fast_GET_ITEM(fast, c));
    L->melds = PyMem_Malloc(sizeof(uint64_t) * (size_t)(n + 1));
    if (!L->melds || PyErr_Occurred()) goto fail;
    n = 0;
    for (c = 0; c < 52; c++) {
        row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, c), "melds row");
        if (!row) goto fail;
        L->start[c] = (int)n;
        for (j = 0; j < PySequence_Fast_GET_SIZE(row); j++) {
            unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(row, j));
            if (m == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(row);
                goto fail;
            }
            L->melds[n++] = (uint64_t)m;
        }
        Py_DECREF(row);
    }
    L->start[52] = (int)n;
    Py_DECREF(fast);
    return 0;
fail:
    if (!PyErr_Occurred()) PyErr_NoMemory();
    Py_DECREF(fast);
    return -1;
}

static double at_least(const double *chances, int n, int k) {
    double dist[64];
    double total = 0.0;
    int i, j;
    if (k > n) return 0.0;
    dist[0] = 1.0;
    for (i = 1; i <= n; i++) dist[i] = 0.0;
    for (j = 0; j < n; j++) {
        double q = chances[j];
        for (i = n; i > 0; i--) dist[i] = dist[i] * (1 - q) + dist[i - 1] * q;
        dist[0] *= 1 - q;
    }
    for (i = k; i <= n; i++) total += dist[i];
    return total;
}

static int read_codes(PyObject *seq, int *dest, int cap, const char *name) {
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i, n;
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d codes", name, cap);
        Py_DECREF(fast);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        dest[i] = (int)v;
    }
    Py_DECREF(fast);
    return (int)n;
}

static int *read_all_codes(PyObject *seq, int *n, const char *name) {
    Py_ssize_t size = PySequence_Size(seq);
    int *out;
    if (size < 0) return NULL;
    out = PyMem_Malloc(sizeof(int) * (size_t)(size + 1));
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    *n = read_codes(seq, out, (int)size, name);
    if (*n < 0) {
        PyMem_Free(out);
        return NULL;
    }
    return out;
}

static double weight_of(const Danger *D, int code, const int *passed, int n_passed,
                        const int *thrown, int n_thrown) {
    double w = 1.0;
    uint64_t m = D->mates[code];
    int i;
    for (i = 0; i < n_passed; i++)
        if (passed[i] >= 0 && passed[i] < 52 && (m >> passed[i] & 1)) w *= D->declined;
    for (i = 0; i < n_thrown; i++)
        if (thrown[i] >= 0 && thrown[i] < 52 && (m >> thrown[i] & 1)) w *= D->thrown;
    return w;
}

/* dangers(cards, order, passed, thrown, held, unknown, dead_ranks) -> [danger per card of
 * the mask, lowest first]: discard_dangers where the next hand is modelled and no table
 * meld takes lay-offs; `order` is the pool's codes in its dict order (one copy each). */
static PyObject *l_dangers(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    const Danger *D = &L->danger;
    uint64_t cards;
    int order[53], held[53], seq[106], present[53] = {0};
    double w[53], chance[53], mass = 0.0, scale;
    int n_order, n_held, n_passed = 0, n_thrown = 0, n_seq = 0, i;
    int *passed = NULL, *thrown = NULL;
    long long unknown, dead;
    PyObject *out = NULL;
    if (n_args(nargs, 7, "dangers") || read_mask(args[0], &cards, 0)) return NULL;
    if (!D->on) {
        PyErr_SetString(PyExc_ValueError, "dangers: no danger tables (set_danger)");
        return NULL;
    }
    n_order = read_codes(args[1], order, 52, "order");
    n_held = n_order < 0 ? -1 : read_codes(args[4], held, 53, "held");
    if (n_held < 0) return NULL;
    unknown = PyLong_AsLongLong(args[5]);
    dead = PyLong_AsLongLong(args[6]);
    if (PyErr_Occurred()) return NULL;
    for (i = 0; i < n_order; i++) {
        if (order[i] < 0 || order[i] >= 52 || present[order[i]] || cards >> order[i] & 1) {
            PyErr_SetString(PyExc_ValueError, "dangers: the pool is distinct codes 0..51 "
                                              "apart from the cards");
            return NULL;
        }
        present[order[i]] = 1;
    }
    for (i = 0; i < n_held; i++) {
        if (held[i] < 0 || held[i] > 52) {
            PyErr_SetString(PyExc_ValueError, "dangers: held codes are 0..52");
            return NULL;
        }
    }
    passed = read_all_codes(args[2], &n_passed, "passed");
    thrown = passed ? read_all_codes(args[3], &n_thrown, "thrown") : NULL;
    if (!thrown) goto done;
    for (i = 0; i < n_order; i++) { /* danger.holding */
        int c = order[i];
        w[c] = weight_of(D, c, passed, n_passed, thrown, n_thrown);
        mass += w[c];
    }
    scale = mass != 0.0 && n_order ? (double)unknown / mass : 0.0;
    for (i = 0; i < n_order; i++) {
        int c = order[i];
        double x = scale * w[c];
        chance[c] = x < 1.0 ? x : 1.0;
        seq[n_seq++] = c;
    }
    for (i = 0; i < n_held; i++) {
        int c = held[i];
        chance[c] = 1.0;
        if (!present[c]) {
            present[c] = 1;
            seq[n_seq++] = c;
        }
    }
    out = PyList_New(0);
    while (out && cards) {
        int card = LOWEST_BIT(cards), rank0 = card % 13, suit = card / 13, j;
        double danger = 0.0, miss = 1.0, mates[53];
        PyObject *v;
        cards &= cards - 1;
        if (dead >> rank0 & 1) danger -= D->dead_bonus;
        if (D->set_k) {
            int n = 0;
            for (j = 0; j < n_seq; j++) {
                int c = seq[j];
                if (c < 52 && c % 13 == rank0 && (c != card || D->suits_any)) mates[n++] = chance[c];
            }
            miss *= 1 - at_least(mates, n, D->set_k);
        }
        for (j = 0; j < D->n_windows[rank0]; j++) {
            double both = 1.0;
            const int8_t *r;
            for (r = D->windows[rank0][j]; *r > 0; r++) {
                int code = (*r - 1) + 13 * suit;
                both *= present[code] ? chance[code] : 0.0;
            }
            miss *= 1 - both;
        }
        danger += D->feed_weight * (1 - miss);
        v = PyFloat_FromDouble(danger + 0.01 * (10 - (double)L->values[card] / D->unit));
        if (!v || PyList_Append(out, v)) Py_CLEAR(out);
        Py_XDECREF(v);
    }
done:
    PyMem_Free(passed);
    PyMem_Free(thrown);
    return out;
}

/* set_danger(mates, windows, set_k, suits_any, (declined, thrown, feed, dead, unit)) */
static PyObject *l_set_danger(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    Danger D;
    PyObject *rows = NULL, *row = NULL, *ranks = NULL;
    Py_ssize_t r, j, i;
    memset(&D, 0, sizeof D);
    if (n_args(nargs, 5, "set_danger") || read_u64s(args[0], D.mates, 52, "mates")) return NULL;
    D.set_k = (int)PyLong_AsLong(args[2]);
    D.suits_any = PyObject_IsTrue(args[3]);
    if (PyErr_Occurred() || D.set_k < 0 || D.set_k > 52 || D.suits_any < 0) goto bad;
    if (!PyArg_ParseTuple(args[4], "ddddd", &D.declined, &D.thrown, &D.feed_weight,
                          &D.dead_bonus, &D.unit))
        return NULL;
    rows = PySequence_Fast(args[1], "windows");
    if (!rows || PySequence_Fast_GET_SIZE(rows) != 13) goto bad;
    for (r = 0; r < 13; r++) {
        row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, r), "windows row");
        if (!row || PySequence_Fast_GET_SIZE(row) > 16) goto bad;
        D.n_windows[r] = (int)PySequence_Fast_GET_SIZE(row);
        for (j = 0; j < D.n_windows[r]; j++) {
            ranks = PySequence_Fast(PySequence_Fast_GET_ITEM(row, j), "window");
            if (!ranks || PySequence_Fast_GET_SIZE(ranks) > 12) goto bad;
            for (i = 0; i < PySequence_Fast_GET_SIZE(ranks); i++) {
                long rank = PyLong_AsLong(PySequence_Fast_GET_ITEM(ranks, i));
                if (rank < 1 || rank > 13) goto bad;
                D.windows[r][j][i] = (int8_t)rank;
            }
            D.windows[r][j][i] = -1;
            Py_CLEAR(ranks);
        }
        Py_CLEAR(row);
    }
    Py_DECREF(rows);
    D.on = 1;
    L->danger = D;
    Py_RETURN_NONE;
bad:
    Py_XDECREF(ranks);
    Py_XDECREF(row);
    Py_XDECREF(rows);
    if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "set_danger: malformed danger tables");
    }
    return NULL;
}

static void look_dealloc(LookObject *L) {
    Py_XDECREF(L->k);
    PyMem_Free(L->melds);
    PyMem_Free(L->walks);
    Py_TYPE(L)->tp_free((PyObject *)L);
}

static PyObject *look_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    PyObject *k, *values, *cover, *sums, *melds, *near, *outs;
    int sets, set_min, s, r, i;
    LookObject *L;
    uint64_t near_bits[13];
    static char *names[] = {"kernel", "sets", "set_min", "values", "cover", "sums",
                            "melds", "near", "outs", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!iiOOOOOO", names, &KernelType, &k, &sets,
                                     &set_min, &values, &cover, &sums, &melds, &near, &outs))
        return NULL;
    L = (LookObject *)type->tp_alloc(type, 0);
    if (!L) return NULL;
    Py_INCREF(k);
    L->k = (KernelObject *)k;
    L->sets = sets != 0;
    L->set_min = set_min;
    L->walks = PyMem_Calloc(WALK_SLOTS, sizeof(WalkSlot));
    if (!L->walks) {
        Py_DECREF(L);
        return PyErr_NoMemory();
    }
    if (read_i64s(values, L->values, 52, "values") || read_table(cover, L->sums, "cover"))
        goto fail;
    for (i = 0; i < 8192; i++) {
        if (L->sums[i] & ~(int64_t)SUIT) {
            PyErr_SetString(PyExc_ValueError, "cover: 13-bit masks wanted");
            goto fail;
        }
        L->cover[i] = (uint16_t)L->sums[i];
    }
    if (read_table(sums, L->sums, "sums") || read_u64s(near, near_bits, 13, "near") ||
        read_u64s(outs, L->outs, 52 * 52, "outs") || read_melds(L, melds))
        goto fail;
    for (i = 0; i < 52; i++) {
        int b;
        L->partners[i] = 0;
        for (b = i + 1; b < 52; b++)
            if (L->outs[i * 52 + b]) L->partners[i] |= 1ULL << b;
    }
    for (s = 0; s < 4; s++) {
        L->worst[s][0] = LOOK_NONE;
        for (i = 1; i < 8192; i++) {
            int low = LOWEST_BIT(i);
            int64_t v = L->values[13 * s + low], rest = L->worst[s][i & (i - 1)];
            L->worst[s][i] = (i & (i - 1)) == 0 || v > rest ? v : rest;
        }
    }
    for (i = 0; i < 8192; i++) {
        uint16_t got = 0, near_got = 0;
        for (r = 0; r < 13; r++) {
            if (!(i >> r & 1) && L->cover[i | 1 << r] != L->cover[i]) got |= (uint16_t)(1 << r);
            if (i >> r & 1) near_got |= (uint16_t)near_bits[r];
        }
        L->run_change[i] = got;
        L->near_of[i] = near_got;
    }
    return (PyObject *)L;
fail:
    Py_DECREF(L);
    return NULL;
}

static PyMethodDef look_methods[] = {
    {"stats", (PyCFunction)(void (*)(void))l_stats, METH_FASTCALL,
     "stats(mask) -> (deadwood, deadwood cards, their top value or 0): MaskLook.stats"},
    {"dead_mask", (PyCFunction)(void (*)(void))l_dead_mask, METH_FASTCALL,
     "dead_mask(mask) -> the arrangement's deadwood cards as a mask"},
    {"next_turn", (PyCFunction)(void (*)(void))l_next_turn, METH_FASTCALL,
     "next_turn(mask, pool, limit, weight) -> (total, count, ready): MaskLook.next_turn_mask"},
    {"pot", (PyCFunction)(void (*)(void))l_pot, METH_FASTCALL,
     "pot(mask, pool, draws, unit) -> the partial melds' potential (hands.potential)"},
    {"score", (PyCFunction)(void (*)(void))l_score, METH_FASTCALL,
     "score(rest, pool, mode, limit, weight, knock, look, pot, draws, max_cards) -> cost"},
    {"least", (PyCFunction)(void (*)(void))l_least, METH_FASTCALL,
     "least(mask, cards, pool, mode, limit, weight, knock, look, pot, draws, max_cards) -> "
     "the least score after discarding one of the cards, or None"},
    {"choose", (PyCFunction)(void (*)(void))l_choose, METH_FASTCALL,
     "choose(mask, cards, dangers, pool, keep, limit, weight, knock, look, pot, draws, "
     "max_cards) -> the discard"},
    {"dangers", (PyCFunction)(void (*)(void))l_dangers, METH_FASTCALL,
     "dangers(cards, order, passed, thrown, held, unknown, dead_ranks) -> [danger per card]"},
    {"set_danger", (PyCFunction)(void (*)(void))l_set_danger, METH_FASTCALL,
     "set_danger(mates, windows, set_k, suits_any, (declined, thrown, feed, dead, unit))"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LookType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._deadwood.Look",
    .tp_basicsize = sizeof(LookObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Look(kernel, sets, set_min, values, cover, sums, melds, near, outs)",
    .tp_new = look_new,
    .tp_dealloc = (destructor)look_dealloc,
    .tp_methods = look_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_deadwood", "The one-deck deadwood kernel in C (see runtable.py).",
    -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__deadwood(void) {
    PyObject *m;
    int s;
    for (s = 0; s < 16; s++) {
        spread[s] = (uint64_t)(s & 1) | (uint64_t)(s >> 1 & 1) << 13 |
                    (uint64_t)(s >> 2 & 1) << 26 | (uint64_t)(s >> 3 & 1) << 39;
    }
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&LookType) < 0) return NULL;
    m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", KERNEL_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "SOURCE", KERNEL_SOURCE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&LookType);
    if (PyModule_AddObject(m, "Look", (PyObject *)&LookType) < 0) {
        Py_DECREF(&LookType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
