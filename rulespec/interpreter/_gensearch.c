/* The general counted deadwood search in C (interpreter, under search.py; loaded by gensearch.py).
 *
 * The same computation as search.GeneralSearch (`_value`, `choose`, `arrangement`),
 * roomsearch.RoomSearch (`pivot`, `melds`, `dead_summary`) and plusone's natural cards,
 * over the same parts: a state is (cards left, wild cards owed or spare, cards of a
 * wild rank left). The cards left are search.py's packed mask with 4-bit fields (one
 * per card code, bit 3 the guard), read here as four 52-bit words, one per suit
 * (codes 13s..13s+12): a part's naturals are in the mask exactly when subtracting its
 * words from the guarded mask leaves every guard bit. The lowest card is deadwood, a
 * natural card of a part whose lowest card it is (owing its wild cards), or, for a
 * card of a wild rank, one spare wild card; the jokers pay what is owed at the end
 * (`base` and `used`, by wild cards owed or spare, from searchshare.Shared).
 *
 * A `Layout` (one per searchshare.Shared: variant, wild jokers) holds the card values,
 * the wild ranks, meldgen's part rules and two memos, of state values and of walks
 * (open addressing, grown up to `limit` states, then started afresh). It makes a
 * hand's `Parts` (`search`): each rank's sets and each suit's runs, as meldgen makes
 * them and in its order, cached per group key. The value of a state, and the walk
 * from it, are facts about its cards alone, so every Parts of a layout shares the
 * memos, as the Python ones are shared. Answers and walks equal the Python search's
 * exactly, ties included (tests/interpreter/test_gensearch_native.py checks it).
 *
 * The layout also answers the solver's and plusone's questions about a hand in one call,
 * reading its codes itself (`summary`, `dead_cards`, `pure_summary`, `plus_one`, and the
 * lookahead's sums over the unseen cards, `next_turn`: None for
 * a hand it does not take); these search the hand less its lone cards (natural cards no
 * part within the hand holds: deadwood in every arrangement, added after; lone_split), so
 * hands that differ in lone cards alone share every state (tests/interpreter/
 * test_room_summary.py).
 *
 * The file includes its parts once, in order: _gensearch_state.h (masks, types, memo
 * tables), _gensearch_walk.h (values, pivot, the walk), _gensearch_parts.h (parts
 * and Parts), _gensearch_calls.h (the methods), _gensearch_hand.h (the layout's calls on a
 * hand's codes), _gensearch_less.h (a hand less each of some cards), _gensearch_turn.h
 * (the lookahead's sums, with a bar), _gensearch_partition.h (the going-out partition
 * search), _gensearch_partcalls.h (its calls: one state; a going-out moment's rests at
 * once), _gensearch_short.h (a contract's shortfall with runs, a module function).
 * KERNEL_VERSION must equal
 * gensearch.py's VERSION and KERNEL_SOURCE the digest of this file and its headers as
 * they are now, so a stale build is refused there.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h> /* madvise: the memo tables on huge pages */
#define HUGE_PAGE ((size_t)1 << 21)
#endif

#include "_gensearch_state.h"
#include "_gensearch_walk.h"
#include "_gensearch_parts.h"
#include "_gensearch_calls.h"
#include "_gensearch_hand.h"
#include "_gensearch_less.h"
#include "_gensearch_turn.h"
#include "_gensearch_partition.h"
#include "_gensearch_partcalls.h"
#include "_gensearch_short.h"

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
    for (i = 0; i < 52; i++) /* (the memo's compact payload holds values this big) */
        if (L->vals[i] > VAL_LIMIT || L->vals[i] < -VAL_LIMIT) {
            PyErr_SetString(PyExc_ValueError, "Layout: card values over 2^20");
            goto fail;
        }
    for (i = 0; i < 2 * OFFSET; i++)
        if (L->base[i] < INF && (L->base[i] > 1LL << 30 || L->base[i] < -(1LL << 30))) {
            PyErr_SetString(PyExc_ValueError, "Layout: jokers' values over 2^30");
            goto fail;
        }
    if (read_table(is_flex, 52, buf, "is_flex")) goto fail;
    for (i = 0; i < 52; i++) {
        L->is_flex[i] = buf[i] != 0;
        if (L->is_flex[i]) L->flex_fields[i / 13] |= 0xFULL << (FIELD * (i % 13));
    }
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
    L->floor_zero = buf[7] != 0; /* (read before buf is reused for the tables below) */
    if (read_table(max_wilds, MAX_NATURALS + 1, buf, "max_wilds")) goto fail;
    for (i = 0; i <= MAX_NATURALS; i++) L->max_wilds[i] = (int)(buf[i] > 1 << 20 ? 1 << 20 : buf[i]);
    if (read_table(span, 8192, buf, "span")) goto fail;
    for (i = 0; i < 8192; i++) L->span[i] = (uint8_t)(buf[i] < 0 || buf[i] > 14 ? 14 : buf[i]);
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
    group_cache_clear(L);
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
    group_cache_clear(L);
    Py_RETURN_NONE;
}

static void group_dealloc(GroupObject *G) {
    PyMem_Free(G->parts);
    Py_TYPE(G)->tp_free((PyObject *)G);
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
    {"summary", (PyCFunction)(void (*)(void))layout_summary, METH_FASTCALL,
     "summary(hand, dead, joker) -> (deadwood, deadwood cards, highest value) or None"},
    {"summaries_less", (PyCFunction)(void (*)(void))layout_summaries_less, METH_FASTCALL,
     "summaries_less(hand, cards, dead, joker) -> [summary of the hand less each code] or None"},
    {"pure_summaries_less", (PyCFunction)(void (*)(void))layout_pure_summaries_less,
     METH_FASTCALL,
     "pure_summaries_less(hand, cards, dead, joker) -> [pure_summary of each rest] or None"},
    {"dead_cards", (PyCFunction)(void (*)(void))layout_dead_cards, METH_FASTCALL,
     "dead_cards(hand, dead, joker) -> (deadwood, deadwood codes sorted) or None"},
    {"pure_summary", (PyCFunction)(void (*)(void))layout_pure_summary, METH_FASTCALL,
     "pure_summary(hand, dead, joker) -> (deadwood, deadwood cards, pure runs) or None"},
    {"plus_one", (PyCFunction)(void (*)(void))layout_plus_one, METH_FASTCALL,
     "plus_one(hand, room, dead, joker) -> Parts.plus_one(room, dead, joker) or None"},
    {"next_turn", (PyCFunction)(void (*)(void))layout_next_turn, METH_FASTCALL,
     "next_turn(hand, pool, blocked, known, base, dead, joker, unit, weight, limit, grow) -> "
     "(total, count, ready) of lookahead.next_turn, or None"},
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
     "plus_one(room[, dead, joker]) -> [(deadwood, deadwood cards, highest value) with one "
     "more code]"},
    {"arrange", (PyCFunction)(void (*)(void))p_arrange, METH_FASTCALL,
     "arrange(code, held, start, 0, fl) -> (the walk's choices, wild cards owed or spare)"},
    {"summary", (PyCFunction)(void (*)(void))p_summary, METH_FASTCALL,
     "summary(code, held, start, 0, fl) -> (deadwood cards, highest value) of the walk"},
    {"partition", (PyCFunction)(void (*)(void))p_partition, METH_FASTCALL,
     "partition(mask, b, fl, used, most, drop, counts, flags, wild_sizes, per_meld, contract, "
     "share, windows) -> partsearch's steps of the partition found, or None"},
    {"partition_each", (PyCFunction)(void (*)(void))p_partition_each, METH_FASTCALL,
     "partition_each(starts, most, counts, flags, wild_sizes, per_meld, contract, share, "
     "windows) -> for each rest: does a partition follow from one of its starts?"},
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

#ifdef GENSEARCH_STATS
static PyObject *module_stats(PyObject *self, PyObject *Py_UNUSED(unused)) {
    PyObject *out = PyList_New(ST_N);
    int i;
    if (!out) return NULL;
    for (i = 0; i < ST_N; i++) {
        PyList_SET_ITEM(out, i, PyLong_FromUnsignedLongLong(gs_stats[i]));
        gs_stats[i] = 0;
    }
    return out;
}
#endif

static PyMethodDef module_methods[] = {
#ifdef GENSEARCH_STATS
    {"_stats", module_stats, METH_NOARGS, "_stats() -> the work counters, zeroed (a measuring build)"},
#endif
    {"shortfall_runs", (PyCFunction)(void (*)(void))short_runs, METH_FASTCALL,
     "shortfall_runs(windows, keep, rules, wilds, counts, mask, by_rank) -> the shortfall of a "
     "contract with runs (bots/contracts.py from_state), or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_gensearch",
    "The general counted deadwood search in C (see search.py).", -1, module_methods, NULL, NULL,
    NULL, NULL,
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

