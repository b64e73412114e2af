/* The C counted search's layout calls on a hand's codes: solver's and plusone's questions
   answered in one call each, the hand less its lone cards searched (interpreter: part of
   _gensearch.c, included there once, after _gensearch_calls.h). */
/* a hand's codes read for the C search (as search.packed_hand lays them out): its mask and
   its cards of a wild rank; 1 when the C search does not take it (a code not 0..52, a code
   more than 7 times counting one more of each `room` code, too many cards: then Python
   does), -1 on an error */
static int read_hand(const LayoutObject *L, PyObject *hand, PyObject *room, Mask *full,
                     int *flex) {
    int counts[53] = {0}, extra[52] = {0}, c;
    PyObject *fast = PySequence_Fast(hand, "a hand is a list of codes");
    Py_ssize_t i, n;
    if (!fast) return -1;
    n = PySequence_Fast_GET_SIZE(fast);
    for (i = 0; i < n && n < OFFSET / 2; i++) {
        long code = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (code == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        if (code < 0 || code > 52) break;
        counts[code]++;
    }
    Py_DECREF(fast);
    if (i < n || n >= OFFSET / 2) return 1;
    if (room) {
        fast = PySequence_Fast(room, "room is a list of codes");
        if (!fast) return -1;
        n = PySequence_Fast_GET_SIZE(fast);
        for (i = 0; i < n; i++) {
            long code = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
            if (code == -1 && PyErr_Occurred()) {
                Py_DECREF(fast);
                return -1;
            }
            if (code < 0 || code > 51) break;
            extra[code] = 1;
        }
        Py_DECREF(fast);
        if (i < n) return 1;
    }
    memset(full, 0, sizeof *full);
    *flex = 0;
    for (c = 0; c < 52; c++) {
        if (counts[c] + extra[c] > 7) return 1;
        full->w[c / 13] |= (uint64_t)counts[c] << (FIELD * (c % 13));
        if (L->is_flex[c]) *flex += counts[c];
    }
    return 0;
}

/* the Parts of a call's hand (args[0]; room: args[1] when `room`) and its (dead, joker)
   arguments (the last two); *refused when the C search does not take the hand (read_hand):
   then NULL with no error set */
static PartsObject *call_hand(LayoutObject *L, PyObject *const *args, Py_ssize_t nargs,
                              Py_ssize_t n, const char *usage, int room, Mask *full, int *fl,
                              long *dead, long *joker, int *refused) {
    int got;
    *refused = 0;
    if (want(nargs, n, usage) || read_long(args[n - 2], 0, OFFSET, dead) ||
        read_long(args[n - 1], -VAL_LIMIT, VAL_LIMIT, joker))
        return NULL;
    got = read_hand(L, args[0], room ? args[1] : NULL, full, fl);
    if (got) {
        *refused = got > 0;
        return NULL;
    }
    return hand_parts(L, full, L->jokers + *fl);
}

/* the summary of a hand from its Parts `P` (a reference this takes): covered, split into
   its lone cards and the core, the core's least deadwood: `answer`'s (value, deadwood
   cards, highest value) with `dead` dead jokers of value `joker`; NULL with an error set
   (no arrangement, too many cards). layout_summary's and summaries_less' own steps */
static PyObject *parts_summary(PartsObject *P, const Mask *full, int fl, long dead, long joker) {
    uint64_t cover[4] = {0, 0, 0, 0};
    int64_t v, count, worst;
    int bad;
    for (int g = 0; g < 17; g++) cover_group(P->groups[g], full, cover);
    bad = lone_split(P, -1, 0, full, fl, cover, &v, &count, &worst);
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

/* solver.dead_summary of a hand on the counted search in one call (RoomSearch.dead_summary:
   its value, then the walk's summary, from the hand's own parts): `answer`'s (value, deadwood
   cards, highest value) of the hand (its codes; its wild jokers the layout's), with `dead`
   dead jokers of value `joker`; None when the C search does not take the hand (read_hand) */
static PyObject *layout_summary(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask full;
    long dead, joker;
    int fl, refused;
    PartsObject *P;
    P = call_hand(L, args, nargs, 3, "summary(hand, dead, joker)", 0, &full, &fl, &dead, &joker,
                  &refused);
    if (!P) {
        if (!refused) return NULL;
        Py_RETURN_NONE;
    }
    return parts_summary(P, &full, fl, dead, joker);
}

/* a layout call's hand searched less its lone cards (lone_core): its Parts (a new
   reference), *core, *v the least deadwood of the core, *sum and *n the lone cards' values
   and number, their copies added to counts; NULL with *refused as call_hand, or NULL with
   an error (no arrangement) */
static PartsObject *core_search(LayoutObject *L, PyObject *const *args, Py_ssize_t nargs,
                                const char *usage, Mask *core, int *fl, long *dead, long *joker,
                                int *refused, int64_t *v, int64_t *sum, int64_t *n,
                                int *counts) {
    Mask full;
    uint64_t cover[4] = {0, 0, 0, 0};
    int64_t top;
    int g;
    PartsObject *P = call_hand(L, args, nargs, 3, usage, 0, &full, fl, dead, joker, refused);
    if (!P) return NULL;
    for (g = 0; g < 17; g++) cover_group(P->groups[g], &full, cover);
    lone_core(P, &full, cover, core, sum, n, &top, counts);
    *v = value(P, core, 0, *fl);
    if (*v >= INF) {
        Py_DECREF(P);
        PyErr_SetString(PyExc_ValueError, "the hand has no arrangement");
        return NULL;
    }
    return P;
}

/* solver.dead_cards of a hand on the counted search in one call (GeneralSearch.solve and
   the deadwood of its arrangement, sorted): (least deadwood, deadwood codes) of the hand (its
   codes; its wild jokers the layout's) with `dead` dead jokers of value `joker`, the jokers
   left unmelded (52) among the deadwood; None when the C search does not take the hand.
   The lone cards (lone_split) are deadwood, the rest as the walk of `arrange` leaves it. */
static PyObject *layout_dead_cards(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask core;
    long dead, joker;
    int fl, refused, b = 0, k, card, c, counts[53] = {0};
    PartsObject *P;
    const CPart *part;
    int64_t v, sum, n;
    PyObject *codes;
    P = core_search(L, args, nargs, "dead_cards(hand, dead, joker)", &core, &fl, &dead, &joker,
                    &refused, &v, &sum, &n, counts);
    if (!P) {
        if (!refused) return NULL;
        Py_RETURN_NONE;
    }
    while (!empty(&core)) /* GeneralSearch.arrangement's walk (p_arrange) */
        if (choose(P, -1, 0, &core, &b, &fl, &part, &k, &card) == DEAD) counts[card]++;
    Py_DECREF(P);
    counts[52] = L->jokers - L->used[b + OFFSET] + (int)dead;
    for (c = 0, n = 0; c <= 52; c++) n += counts[c];
    codes = PyList_New(n);
    if (!codes) return NULL;
    for (c = 0, n = 0; c <= 52; c++)
        for (k = 0; k < counts[c]; k++) {
            PyObject *item = PyLong_FromLong(c);
            if (!item) {
                Py_DECREF(codes);
                return NULL;
            }
            PyList_SET_ITEM(codes, n++, item);
        }
    return Py_BuildValue("(LN)", (long long)(v + sum + dead * joker), codes);
}

/* is a part a pure run as solver._pure_run says (with no wild card given): two or more
   natural cards, none of a wild rank, of one suit and distinct ranks */
static int pure_part(const CPart *part) {
    int s, suits = 0, c, n = 0;
    if (part->flex_in) return 0;
    for (s = 0; s < 4; s++)
        if (part->w[s]) suits++;
    if (suits != 1) return 0;
    for (c = 0; c < 52; c++) {
        int f = field(part->w, c);
        if (f > 1) return 0;
        n += f;
    }
    return n >= 2;
}

/* solver.pure_summary of a hand on the counted search in one call: (least deadwood,
   deadwood cards, melds of the arrangement that are pure runs given no wild card), the
   arrangement `arrange`'s walk, the lone cards (lone_split) deadwood; dead jokers as
   layout_dead_cards; None when the C search does not take the hand */
static PyObject *layout_pure_summary(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask core;
    long dead, joker;
    int fl, refused, b = 0, k, card, pure = 0;
    PartsObject *P;
    const CPart *part;
    int64_t v, sum, count;
    P = core_search(L, args, nargs, "pure_summary(hand, dead, joker)", &core, &fl, &dead, &joker,
                    &refused, &v, &sum, &count, NULL);
    if (!P) {
        if (!refused) return NULL;
        Py_RETURN_NONE;
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

/* plusone._general's natural cards from the hand's codes in one call (its wild jokers the
   layout's): Parts.plus_one(room, dead, joker) of the hand's Parts, or None when the C
   search does not take the hand grown by a room card (read_hand) */
static PyObject *layout_plus_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    Mask full;
    long dead, joker;
    int fl, refused;
    PartsObject *P;
    PyObject *out;
    P = call_hand(L, args, nargs, 4, "plus_one(hand, room, dead, joker)", 1, &full, &fl, &dead,
                  &joker, &refused);
    if (!P) {
        if (!refused) return NULL;
        Py_RETURN_NONE;
    }
    out = grown_list(P, args[1], dead, joker);
    Py_DECREF(P);
    return out;
}
