/* The C counted search's answers for a hand less each of some of its cards, in one call
   (interpreter: part of _gensearch.c, included there once, after _gensearch_hand.h). */

/* `layout_summary`'s answer for one rest of the hand: `rest` (its codes' mask, `fl` cards of
   a wild rank) made into its Parts and summarised as `layout_summary` does for the rest's
   codes (parts_summary), so the same answer; NULL with an error set */
static PyObject *rest_summary(LayoutObject *L, const Mask *rest, int fl, long dead, long joker) {
    PartsObject *P = hand_parts(L, rest, L->jokers + fl);
    if (!P) return NULL;
    return parts_summary(P, rest, fl, dead, joker);
}

/* `layout_pure_summary`'s answer for one rest of the hand (as rest_summary: the rest's
   Parts, its lone cards deadwood, the core's value, then `arrange`'s walk counting the
   deadwood cards and the pure runs), so the same answer; NULL with an error set */
static PyObject *rest_pure(LayoutObject *L, const Mask *rest, int fl, long dead, long joker) {
    uint64_t cover[4] = {0, 0, 0, 0};
    int64_t v, sum, count, top;
    int b = 0, k, card, pure = 0;
    const CPart *part;
    Mask core;
    PartsObject *P = hand_parts(L, rest, L->jokers + fl);
    if (!P) return NULL;
    for (int g = 0; g < 17; g++) cover_group(P->groups[g], rest, cover);
    lone_core(P, rest, cover, &core, &sum, &count, &top, NULL);
    v = value(P, &core, 0, fl);
    if (v >= INF) {
        Py_DECREF(P);
        PyErr_SetString(PyExc_ValueError, "the hand has no arrangement");
        return NULL;
    }
    while (!empty(&core)) { /* GeneralSearch.arrangement's walk (p_arrange) */
        int kind = choose(P, -1, 0, &core, &b, &fl, &part, &k, &card);
        if (kind == DEAD) count++;
        if (kind == MELD && !k) pure += pure_part(part);
    }
    Py_DECREF(P);
    count += L->jokers - L->used[b + OFFSET] + dead;
    return Py_BuildValue("(LLi)", (long long)(v + sum + dead * joker), (long long)count, pure);
}

typedef PyObject *(*RestCall)(LayoutObject *, const Mask *, int, long, long);

/* `each` of the hand (args[0]) less one copy of each code of args[1] in turn, as a list
   (args[2], args[3]: dead jokers and their value); None when the C search does not take
   the hand (read_hand: then Python asks per rest); a code not 0..51 or not in the hand is
   a ValueError */
static PyObject *each_less(LayoutObject *L, PyObject *const *args, Py_ssize_t nargs,
                           const char *usage, RestCall each) {
    Mask full, rest;
    long dead, joker, code;
    int fl, got;
    Py_ssize_t i, n;
    PyObject *fast, *out, *item;
    if (want(nargs, 4, usage) || read_long(args[2], 0, OFFSET, &dead) ||
        read_long(args[3], -VAL_LIMIT, VAL_LIMIT, &joker))
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
            PyErr_Format(PyExc_ValueError, "%s: the hand holds no code %ld", usage, code);
            goto fail;
        }
        rest = full;
        rest.w[code / 13] -= (uint64_t)1 << (FIELD * (code % 13));
        item = each(L, &rest, fl - L->is_flex[code], dead, joker);
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

/* solver.dead_summaries_less: `summary(hand less one copy of each code, dead, joker)` in
   turn, the hand's codes read once, no Python frame per rest (each_less) */
static PyObject *layout_summaries_less(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    return each_less((LayoutObject *)self, args, nargs,
                     "summaries_less(hand, cards, dead, joker)", rest_summary);
}

/* solver.pure_summaries_less: `pure_summary(hand less one copy of each code, dead, joker)`
   in turn, as layout_summaries_less */
static PyObject *layout_pure_summaries_less(PyObject *self, PyObject *const *args,
                                            Py_ssize_t nargs) {
    return each_less((LayoutObject *)self, args, nargs,
                     "pure_summaries_less(hand, cards, dead, joker)", rest_pure);
}
