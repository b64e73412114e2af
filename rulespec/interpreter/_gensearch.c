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

typedef struct {
    uint64_t w[4];
} Mask;

typedef struct {
    uint64_t w[4];
    int kmin, kmax, flex_in;
} CPart;

typedef struct {
    uint64_t k[4]; /* the mask's words; k[0] also holds b + OFFSET in bits 52..61 */
    int64_t v;
} Slot;

typedef struct {
    PyObject_HEAD
    int64_t vals[52];
    uint8_t is_flex[52];
    int jokers;
    int floor_zero; /* every hand value >= 0: a value of 0 cannot be beaten */
    int64_t base[2 * OFFSET];
    Slot *table;
    Py_ssize_t cap, count, limit;
} LayoutObject;

typedef struct {
    PyObject_HEAD
    LayoutObject *layout;
    int n[52];
    CPart *low[52];
} PartsObject;

typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
    CPart *parts;
} RestsObject;

static PyTypeObject LayoutType, PartsType, RestsType;

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

/* ---- the memo ------------------------------------------------------------------------- */

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

static Slot *find(const LayoutObject *L, const uint64_t *k) {
    Py_ssize_t mask = L->cap - 1, i = (Py_ssize_t)(hash_key(k) & (uint64_t)mask);
    Slot *s;
    for (;;) {
        s = &L->table[i];
        if (!s->k[0] || (s->k[0] == k[0] && s->k[1] == k[1] && s->k[2] == k[2] && s->k[3] == k[3]))
            return s;
        i = (i + 1) & mask;
    }
}

static int lookup(const LayoutObject *L, const uint64_t *k, int64_t *v) {
    Slot *s = find(L, k);
    if (!s->k[0]) return 0;
    *v = s->v;
    return 1;
}

static void clear_memo(LayoutObject *L) {
    memset(L->table, 0, sizeof(Slot) * (size_t)L->cap);
    L->count = 0;
}

static void store(LayoutObject *L, const uint64_t *k, int64_t v) {
    Slot *s;
    if (L->count >= L->limit) clear_memo(L);
    if (2 * (L->count + 1) > L->cap) { /* grow (or, out of memory, start afresh) */
        Py_ssize_t old_cap = L->cap, i;
        Slot *old = L->table, *grown = calloc((size_t)old_cap * 2, sizeof(Slot));
        if (grown) {
            L->table = grown;
            L->cap = old_cap * 2;
            for (i = 0; i < old_cap; i++)
                if (old[i].k[0]) *find(L, old[i].k) = old[i];
            free(old);
        } else {
            clear_memo(L);
        }
    }
    s = find(L, k);
    if (!s->k[0]) L->count++;
    memcpy(s->k, k, sizeof s->k);
    s->v = v;
}

/* ---- the search ----------------------------------------------------------------------- */

static int64_t value(PartsObject *P, const Mask *mask, int b, int fl);

static int64_t value(PartsObject *P, const Mask *mask, int b, int fl) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v;
    int s, i, j, rest_fl, cap, floor_zero = L->floor_zero;
    Mask rest, less;
    const CPart *part;
    if (empty(mask)) return L->base[b + OFFSET];
    make_key(mask, b, key);
    if (lookup(L, key, &v)) return v;
    for (s = 0; !mask->w[s]; s++) {
    }
    j = __builtin_ctzll(mask->w[s]) / FIELD;
    i = 13 * s + j;
    less = *mask;
    less.w[s] -= 1ULL << (FIELD * j);
    if (L->is_flex[i]) {
        best = value(P, &less, b + 1, fl - 1);
        rest_fl = fl - 1;
    } else {
        rest_fl = fl;
    }
    if (!(floor_zero && best == 0)) {
        cap = b + fl + L->jokers; /* wild cards a meld here could still be paid */
        for (part = P->low[i]; part < P->low[i] + P->n[i]; part++) {
            int k, top, left;
            if (!holds(mask, part->w)) continue;
            top = cap - part->flex_in;
            if (part->kmax < top) top = part->kmax;
            left = fl - part->flex_in;
            rest.w[0] = mask->w[0] - part->w[0];
            rest.w[1] = mask->w[1] - part->w[1];
            rest.w[2] = mask->w[2] - part->w[2];
            rest.w[3] = mask->w[3] - part->w[3];
            for (k = part->kmin; k <= top; k++) {
                v = value(P, &rest, b - k, left);
                if (v < best) {
                    best = v;
                    if (floor_zero && v == 0) break;
                }
            }
            if (floor_zero && best == 0) break;
        }
    }
    if (!(floor_zero && best == 0) && b + rest_fl + L->jokers >= 0) {
        v = L->vals[i] + value(P, &less, b, rest_fl);
        if (v < best) best = v;
    }
    store(L, key, best);
    return best;
}

static int field(const Mask *m, int code) {
    return (int)(m->w[code / 13] >> (FIELD * (code % 13)) & 0xF);
}

static int64_t pivot(PartsObject *P, const RestsObject *R, int code, int held, const Mask *mask,
                     int b, int fl) {
    LayoutObject *L = P->layout;
    uint64_t key[4];
    int64_t best = INF, v;
    Py_ssize_t n;
    Mask rest, less;
    if (field(mask, code) <= held) return value(P, mask, b, fl);
    make_key(mask, b, key);
    if (lookup(L, key, &v)) return v;
    rest = *mask;
    rest.w[code / 13] -= 1ULL << (FIELD * (code % 13));
    v = L->vals[code] + value(P, &rest, b, fl);
    if (v < best) best = v;
    for (n = 0; n < R->n; n++) {
        const CPart *part = &R->parts[n];
        int k, top, left;
        if (!holds(&rest, part->w)) continue;
        left = fl - part->flex_in;
        top = b + left + L->jokers;
        if (part->kmax < top) top = part->kmax;
        less.w[0] = rest.w[0] - part->w[0];
        less.w[1] = rest.w[1] - part->w[1];
        less.w[2] = rest.w[2] - part->w[2];
        less.w[3] = rest.w[3] - part->w[3];
        for (k = part->kmin; k <= top; k++) {
            v = value(P, &less, b - k, left);
            if (v < best) best = v;
        }
    }
    store(L, key, best);
    return best;
}

/* ---- Python interface ----------------------------------------------------------------- */

static int state_args(PyObject *const *args, Mask *mask, int *b, int *fl) {
    long lb, lfl;
    if (read_mask(args[0], mask)) return -1;
    lb = PyLong_AsLong(args[1]);
    if (lb == -1 && PyErr_Occurred()) return -1;
    lfl = PyLong_AsLong(args[2]);
    if (lfl == -1 && PyErr_Occurred()) return -1;
    if (lb <= -OFFSET / 2 || lb >= OFFSET / 2 || lfl < 0 || lfl >= OFFSET / 2) {
        PyErr_SetString(PyExc_OverflowError, "wild cards out of range");
        return -1;
    }
    *b = (int)lb;
    *fl = (int)lfl;
    return 0;
}

static PyObject *p_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask mask;
    int b, fl;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "value(mask, b, fl)");
        return NULL;
    }
    if (state_args(args, &mask, &b, &fl)) return NULL;
    return PyLong_FromLongLong(value((PartsObject *)self, &mask, b, fl));
}

static PyObject *p_pivot(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask mask;
    int b, fl;
    long code, held;
    if (nargs != 6 || !PyObject_TypeCheck(args[2], &RestsType)) {
        PyErr_SetString(PyExc_TypeError, "pivot(code, held, rests, mask, b, fl)");
        return NULL;
    }
    code = PyLong_AsLong(args[0]);
    if (code == -1 && PyErr_Occurred()) return NULL;
    held = PyLong_AsLong(args[1]);
    if (held == -1 && PyErr_Occurred()) return NULL;
    if (code < 0 || code >= 52 || held < 0) {
        PyErr_SetString(PyExc_ValueError, "pivot: a code 0..51 and a count");
        return NULL;
    }
    if (state_args(args + 3, &mask, &b, &fl)) return NULL;
    return PyLong_FromLongLong(pivot((PartsObject *)self, (RestsObject *)args[2], (int)code,
                                     (int)held, &mask, b, fl));
}

static int read_int(PyObject *seq, Py_ssize_t i, long lo, long hi, long *out) {
    PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_SetString(PyExc_ValueError, "a part's number is out of range");
        return -1;
    }
    *out = v;
    return 0;
}

/* a part from (mask, kmin, kmax, ..., flex_in): `flex_at` is where flex_in is */
static int read_part(PyObject *obj, Py_ssize_t flex_at, CPart *out) {
    PyObject *fast = PySequence_Fast(obj, "a part is a tuple");
    Mask m;
    long kmin, kmax, flex_in;
    int bad;
    if (!fast) return -1;
    bad = PySequence_Fast_GET_SIZE(fast) <= flex_at ||
          read_mask(PySequence_Fast_GET_ITEM(fast, 0), &m) || read_int(fast, 1, 0, 255, &kmin) ||
          read_int(fast, 2, -1, 255, &kmax) || read_int(fast, flex_at, 0, 255, &flex_in);
    Py_DECREF(fast);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a part is too short");
        return -1;
    }
    memcpy(out->w, m.w, sizeof m.w);
    out->kmin = (int)kmin;
    out->kmax = (int)kmax;
    out->flex_in = (int)flex_in;
    return 0;
}

static int read_parts(PyObject *obj, Py_ssize_t flex_at, CPart **parts, Py_ssize_t *n) {
    PyObject *fast = PySequence_Fast(obj, "parts are a list");
    Py_ssize_t i, len;
    if (!fast) return -1;
    len = PySequence_Fast_GET_SIZE(fast);
    *parts = PyMem_Malloc(sizeof(CPart) * (size_t)(len ? len : 1));
    *n = len;
    if (!*parts) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < len; i++) {
        if (read_part(PySequence_Fast_GET_ITEM(fast, i), flex_at, &(*parts)[i])) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *layout_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"vals", "is_flex", "jokers", "base", "floor_zero", "limit", NULL};
    PyObject *vals, *is_flex, *base, *fv = NULL, *ff = NULL, *fb = NULL;
    int jokers, floor_zero;
    Py_ssize_t limit, i;
    LayoutObject *L;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOiOpn", names, &vals, &is_flex, &jokers, &base,
                                     &floor_zero, &limit))
        return NULL;
    if (jokers < 0 || jokers >= OFFSET / 2 || limit < 1) {
        PyErr_SetString(PyExc_ValueError, "Layout: jokers 0..255, limit >= 1");
        return NULL;
    }
    fv = PySequence_Fast(vals, "vals");
    ff = fv ? PySequence_Fast(is_flex, "is_flex") : NULL;
    fb = ff ? PySequence_Fast(base, "base") : NULL;
    if (!fb) goto fail;
    if (PySequence_Fast_GET_SIZE(fv) != 52 || PySequence_Fast_GET_SIZE(ff) != 52 ||
        PySequence_Fast_GET_SIZE(fb) != 2 * OFFSET) {
        PyErr_SetString(PyExc_ValueError, "Layout: 52 values, 52 flags, 1024 base values");
        goto fail;
    }
    L = (LayoutObject *)type->tp_alloc(type, 0);
    if (!L) goto fail;
    for (i = 0; i < 52; i++) {
        L->vals[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fv, i));
        L->is_flex[i] = (uint8_t)PyObject_IsTrue(PySequence_Fast_GET_ITEM(ff, i));
    }
    for (i = 0; i < 2 * OFFSET; i++) L->base[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fb, i));
    if (PyErr_Occurred()) {
        Py_DECREF(L);
        goto fail;
    }
    L->jokers = jokers;
    L->floor_zero = floor_zero;
    L->limit = limit;
    L->cap = 1024;
    L->table = calloc((size_t)L->cap, sizeof(Slot));
    if (!L->table) {
        Py_DECREF(L);
        PyErr_NoMemory();
        goto fail;
    }
    Py_DECREF(fv);
    Py_DECREF(ff);
    Py_DECREF(fb);
    return (PyObject *)L;
fail:
    Py_XDECREF(fv);
    Py_XDECREF(ff);
    Py_XDECREF(fb);
    return NULL;
}

static void layout_dealloc(LayoutObject *L) {
    free(L->table);
    Py_TYPE(L)->tp_free((PyObject *)L);
}

static Py_ssize_t layout_len(LayoutObject *L) { return L->count; }

static PyObject *layout_clear(PyObject *self, PyObject *unused) {
    clear_memo((LayoutObject *)self);
    Py_RETURN_NONE;
}

static PyObject *parts_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"layout", "by_low", NULL};
    PyObject *layout, *by_low, *fast;
    PartsObject *P;
    Py_ssize_t i, n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O", names, &LayoutType, &layout, &by_low))
        return NULL;
    fast = PySequence_Fast(by_low, "by_low is a list of 52 lists");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != 52) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "by_low is a list of 52 lists");
        return NULL;
    }
    P = (PartsObject *)type->tp_alloc(type, 0);
    if (!P) {
        Py_DECREF(fast);
        return NULL;
    }
    Py_INCREF(layout);
    P->layout = (LayoutObject *)layout;
    for (i = 0; i < 52; i++) {
        if (read_parts(PySequence_Fast_GET_ITEM(fast, i), 4, &P->low[i], &n)) {
            Py_DECREF(fast);
            Py_DECREF(P);
            return NULL;
        }
        P->n[i] = (int)n;
    }
    Py_DECREF(fast);
    return (PyObject *)P;
}

static void parts_dealloc(PartsObject *P) {
    int i;
    for (i = 0; i < 52; i++) PyMem_Free(P->low[i]);
    Py_XDECREF(P->layout);
    Py_TYPE(P)->tp_free((PyObject *)P);
}

static PyObject *rests_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"rests", NULL};
    PyObject *rests;
    RestsObject *R;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", names, &rests)) return NULL;
    R = (RestsObject *)type->tp_alloc(type, 0);
    if (!R) return NULL;
    if (read_parts(rests, 3, &R->parts, &R->n)) {
        Py_DECREF(R);
        return NULL;
    }
    return (PyObject *)R;
}

static void rests_dealloc(RestsObject *R) {
    PyMem_Free(R->parts);
    Py_TYPE(R)->tp_free((PyObject *)R);
}

static PyMethodDef layout_methods[] = {
    {"clear", layout_clear, METH_NOARGS, "clear() -> forget every state value"},
    {NULL, NULL, 0, NULL},
};

static PyMappingMethods layout_mapping = {.mp_length = (lenfunc)layout_len};

static PyMethodDef parts_methods[] = {
    {"value", (PyCFunction)(void (*)(void))p_value, METH_FASTCALL,
     "value(mask, b, fl) -> least deadwood of the state (search.GeneralSearch._value)"},
    {"pivot", (PyCFunction)(void (*)(void))p_pivot, METH_FASTCALL,
     "pivot(code, held, rests, mask, b, fl) -> roomsearch.RoomSearch.pivot"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Layout",
    .tp_basicsize = sizeof(LayoutObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Layout(vals, is_flex, jokers, base, floor_zero, limit): values and the memo",
    .tp_new = layout_new,
    .tp_dealloc = (destructor)layout_dealloc,
    .tp_methods = layout_methods,
    .tp_as_mapping = &layout_mapping,
};

static PyTypeObject PartsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Parts",
    .tp_basicsize = sizeof(PartsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Parts(layout, by_low): one hand's parts by lowest card; value and pivot",
    .tp_new = parts_new,
    .tp_dealloc = (destructor)parts_dealloc,
    .tp_methods = parts_methods,
};

static PyTypeObject RestsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._gensearch.Rests",
    .tp_basicsize = sizeof(RestsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rests(rests): the parts holding one code, less that code (for pivot)",
    .tp_new = rests_new,
    .tp_dealloc = (destructor)rests_dealloc,
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
        add_type(m, &RestsType, "Rests") < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
