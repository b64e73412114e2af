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
 * VERSION and KERNEL_SOURCE the digest of this file and its headers (_deadwood_*.h: the
 * smart bot's Look) as they are now, so a stale build is refused there (the pure-Python
 * kernel is used).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define KERNEL_VERSION 2
#ifndef KERNEL_SOURCE /* set by hatch_build.py: 28 bits of the sha256 of this file and headers */
#define KERNEL_SOURCE -1
#endif
#define SUIT 0x1FFFULL
#define CARDS ((1ULL << 52) - 1)
#define NONE_GAIN ((int64_t)1 << 60) /* runtable.INF: an empty suit has nothing to drop */
#define MAX_RANKS 13

#include "_cbits.h"

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

/* meldrules.ranks_held: the ranks held in at least `need` of the four suits (a bit-sliced
 * count; `need` above 4 is read as 4). The Look reads it too. */
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

/* the ranks the kernel's sets may come from: held in at least set_min suits */
static inline uint64_t set_ranks(const KernelObject *k, uint64_t s0, uint64_t s1, uint64_t s2,
                                 uint64_t s3) {
    return k->set_min > 4 ? 0 : ranks_held_c(s0, s1, s2, s3, k->set_min);
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

#include "_deadwood_look.h"
#include "_deadwood_score.h"
#include "_deadwood_danger.h"
#include "_deadwood_feed.h"

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
    if (PyType_Ready(&KernelType) < 0 || PyType_Ready(&LookType) < 0 ||
        PyType_Ready(&FeedType) < 0)
        return NULL;
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
    Py_INCREF(&FeedType);
    if (PyModule_AddObject(m, "Feed", (PyObject *)&FeedType) < 0) {
        Py_DECREF(&FeedType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
