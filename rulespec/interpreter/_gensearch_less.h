/* The C counted search's answers for a hand less each of some of its cards, in one call
   (interpreter: part of _gensearch.c, included there once, after _gensearch_hand.h). */

/* `layout_summary`'s answer for one rest of the hand: `rest` (its codes' mask, `fl` cards of
   a wild rank) made into its Parts, covered and split into lone cards and the core as
   `layout_summary` does for the rest's codes, so the same answer; NULL with an error set */
static PyObject *rest_summary(LayoutObject *L, const Mask *rest, int fl, long dead, long joker) {
    uint64_t cover[4] = {0, 0, 0, 0};
    int64_t v, count, worst;
    int bad;
    PartsObject *P = hand_parts(L, rest, L->jokers + fl);
    if (!P) return NULL;
    for (int g = 0; g < 17; g++) cover_group(P->groups[g], rest, cover);
    bad = lone_split(P, -1, 0, rest, fl, cover, &v, &count, &worst);
    Py_DECREF(P);
    if (v >= INF) {
        PyErr_SetString(PyExc_ValueError, "summary: the hand has no arrangement");
        return NULL;
    }
    if (bad) {
        PyErr_SetString(PyExc_OverflowError, "summary: too many cards");
        return NULL;
    }
    return answer(v, count, worst, dead, joker);
}

/* solver.dead_summaries_less: for each natural code of `cards` in turn, `summary(hand less
   one copy of it, dead, joker)`, as a list: the hand's codes read once, no Python frame per
   rest. None when the C search does not take the hand (read_hand: then it takes no rest of
   it through this call either, and Python asks `summary` per rest); a code not 0..51 or not
   in the hand is a ValueError. */
static PyObject *layout_summaries_less(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask full, rest;
    long dead, joker, code;
    int fl, got;
    Py_ssize_t i, n;
    PyObject *fast, *out, *item;
    if (want(nargs, 4, "summaries_less(hand, cards, dead, joker)") ||
        read_long(args[2], 0, OFFSET, &dead) || read_long(args[3], -VAL_LIMIT, VAL_LIMIT, &joker))
        return NULL;
    got = read_hand(L, args[0], NULL, &full, &fl);
    if (got < 0) return NULL;
    if (got) Py_RETURN_NONE;
    fast = PySequence_Fast(args[1], "cards is a list of codes");
    if (!fast) return NULL;
    n = PySequence_Fast_GET_SIZE(fast);
    out = PyList_New(n);
    if (!out) {
        Py_DECREF(fast);
        return NULL;
    }
    for (i = 0; i < n; i++) {
        if (read_long(PySequence_Fast_GET_ITEM(fast, i), 0, 51, &code)) goto fail;
        if (!field(full.w, (int)code)) {
            PyErr_Format(PyExc_ValueError, "summaries_less: the hand holds no code %ld", code);
            goto fail;
        }
        rest = full;
        rest.w[code / 13] -= (uint64_t)1 << (FIELD * (code % 13));
        item = rest_summary(L, &rest, fl - L->is_flex[code], dead, joker);
        if (!item) goto fail;
        PyList_SET_ITEM(out, i, item);
    }
    Py_DECREF(fast);
    return out;
fail:
    Py_DECREF(fast);
    Py_DECREF(out);
    return NULL;
}
