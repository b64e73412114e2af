/* The discard dangers of any pool (copies counted, jokers in it), for any hand card: the
   Feed type (interpreter: part of _deadwood.c, included there once, after the Look).

   `Look.dangers` answers the one-deck pools of the mask path only; the two-deck games
   (and table melds taking lay-offs) asked `bots/danger.py`'s Python card by card. A Feed
   holds one variant's danger tables (`Look.set_danger`'s) and its 52 hand values, and
   answers every card of one decision in one call: `danger.holding`'s model of the next
   hand (copies multiply a card's chance; a joker weighs 1.0 and is never a mate) and
   `discard_danger`'s sum, each float by the same IEEE operations in the same order
   (built without contraction, `-ffp-contract=off`), from each card's lay-off part. */

typedef struct {
    PyObject_HEAD
    Danger danger;
    int64_t values[52];
} FeedObject;

static PyObject *feed_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    FeedObject *F;
    PyObject *items[6];
    Py_ssize_t i;
    if (kwds && PyDict_Size(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Feed takes no keywords");
        return NULL;
    }
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "Feed(mates, windows, set_k, suits_any, constants, values)");
        return NULL;
    }
    for (i = 0; i < 6; i++) items[i] = PyTuple_GET_ITEM(args, i);
    F = (FeedObject *)type->tp_alloc(type, 0);
    if (!F) return NULL;
    if (parse_danger(items, &F->danger) || read_i64s(items[5], F->values, 52, "values")) {
        Py_DECREF(F);
        return NULL;
    }
    return (PyObject *)F;
}

/* dangers(cards, order, counts, passed, thrown, held, unknown, dead_ranks, bases) ->
 * [danger per card, in the cards' order]: `order` is the pool's codes (0..52) in its dict
 * order, `counts` their copies (1 or more); `bases` each card's lay-off part (the
 * LAYOFF_DANGER additions `discard_danger` makes before the rest). */
static PyObject *f_dangers(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    FeedObject *F = (FeedObject *)self;
    const Danger *D = &F->danger;
    int cards[53], order[53], counts[53], held[53], seq[106], present[53] = {0};
    double w[53], chance[53], bases[53], mass = 0.0, scale;
    int n_cards, n_order, n_counts, n_held, n_passed = 0, n_thrown = 0, n_seq = 0, i;
    int *passed = NULL, *thrown = NULL;
    long long unknown, dead;
    PyObject *out = NULL, *fast;
    if (n_args(nargs, 9, "dangers")) return NULL;
    n_cards = read_codes(args[0], cards, 53, "cards");
    n_order = n_cards < 0 ? -1 : read_codes(args[1], order, 53, "order");
    n_counts = n_order < 0 ? -1 : read_codes(args[2], counts, 53, "counts");
    n_held = n_counts < 0 ? -1 : read_codes(args[5], held, 53, "held");
    if (n_held < 0) return NULL;
    unknown = PyLong_AsLongLong(args[6]);
    dead = PyLong_AsLongLong(args[7]);
    if (PyErr_Occurred()) return NULL;
    fast = PySequence_Fast(args[8], "bases");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != n_cards) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "dangers: one base per card");
        return NULL;
    }
    for (i = 0; i < n_cards; i++) {
        bases[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (bases[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    if (n_counts != n_order) {
        PyErr_SetString(PyExc_ValueError, "dangers: one count per pool code");
        return NULL;
    }
    for (i = 0; i < n_cards; i++) {
        if (cards[i] < 0 || cards[i] >= 52) {
            PyErr_SetString(PyExc_ValueError, "dangers: cards are codes 0..51");
            return NULL;
        }
    }
    for (i = 0; i < n_order; i++) {
        if (order[i] < 0 || order[i] > 52 || present[order[i]] || counts[i] < 1) {
            PyErr_SetString(PyExc_ValueError,
                            "dangers: the pool is distinct codes 0..52, each held once or more");
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
    passed = read_all_codes(args[3], &n_passed, "passed");
    thrown = passed ? read_all_codes(args[4], &n_thrown, "thrown") : NULL;
    if (!thrown) goto done;
    for (i = 0; i < n_order; i++) { /* danger.holding: the mass, in the pool's order */
        int c = order[i];
        w[c] = c < 52 ? weight_of(D, c, passed, n_passed, thrown, n_thrown) : 1.0;
        mass += (double)counts[i] * w[c];
    }
    scale = mass != 0.0 && n_order ? (double)unknown / mass : 0.0;
    for (i = 0; i < n_order; i++) {
        int c = order[i];
        double x = scale * w[c] * (double)counts[i];
        chance[c] = x < 1.0 ? x : 1.0;
        seq[n_seq++] = c;
    }
    n_seq = add_held(held, n_held, chance, present, seq, n_seq);
    out = PyList_New(n_cards);
    for (i = 0; out && i < n_cards; i++) {
        int card = cards[i];
        PyObject *v = PyFloat_FromDouble(card_danger(D, card, bases[i], dead, seq, n_seq, chance,
                                                     present, F->values[card]));
        if (!v) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, v);
    }
done:
    PyMem_Free(passed);
    PyMem_Free(thrown);
    return out;
}

static PyMethodDef feed_methods[] = {
    {"dangers", (PyCFunction)(void (*)(void))f_dangers, METH_FASTCALL,
     "dangers(cards, order, counts, passed, thrown, held, unknown, dead_ranks, bases) -> "
     "[danger per card]"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FeedType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "rulespec.interpreter._deadwood.Feed",
    .tp_basicsize = sizeof(FeedObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Feed(mates, windows, set_k, suits_any, (declined, thrown, feed, dead, unit), "
              "values)",
    .tp_new = feed_new,
    .tp_methods = feed_methods,
};
