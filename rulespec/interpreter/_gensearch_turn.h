/* The smart bot's one-draw lookahead in one call on the counted search (interpreter: part of
   _gensearch.c, included there once, after _gensearch_hand.h): lookahead.next_turn's sums
   over the unseen cards (plusone.turn_sums, sum_terms), and, given a bar, the proof that
   they cannot come under it, found before every grown hand is searched. */

/* one card's term of lookahead.next_turn: (dw - worst) / unit + weight * max(cards - 1, 0),
   the Python loop's IEEE operations in its order (no contraction) */
static double turn_term(int64_t dw, int64_t cards, int64_t worst, long unit, double weight) {
    double gap = (double)(dw - worst) / (double)unit;
    double extra = weight * (double)(cards > 1 ? cards - 1 : 0);
    return gap + extra;
}

/* does the lookahead lie above `bar` whatever the cards not summed yet? `terms` holds each
   card's term, or a floor under it (0, or turn_floor's) for a card not summed yet, `may`
   whether it is or may be a knock chance: lookahead.expected's total / count - knock *
   ready / count is at least this sum / count - knock * chances / count */
static int above_bar(const double *terms, const long long *ns, const char *may, int m,
                     long long count, double knock, double bar) {
    double low = 0.0;
    long long chances = 0;
    int i;
    if (count <= 0) return 0;
    for (i = 0; i < m; i++) {
        low += (double)ns[i] * terms[i];
        if (may[i]) chances += ns[i];
    }
    return low / (double)count - knock * (double)chances / (double)count > bar;
}

enum { GROWN = 0, KNOWN = 1, WILD_DRAW = 2 }; /* a pool card's term: to grow, known, asked in
                                                 Python */

/* do turn_floor's floors hold? Every card and joker value and the weight are >= 0, so
   every deadwood sum is at least that of any of its cards */
static int floors_hold(const LayoutObject *L, long joker, double weight) {
    int c;
    if (joker < 0 || !(weight >= 0.0)) return 0;
    for (c = 0; c < 52; c++)
        if (L->vals[c] < 0) return 0;
    return 1;
}

/* the hand's lone cards (natural, not of a wild rank, in no part within the hand: `cover`,
   lone_core's rule), each copy once in `out`; returns how many */
static int lone_list(const LayoutObject *L, const Mask *full, const uint64_t *cover, int *out) {
    int c, k, n = 0;
    for (c = 0; c < 52; c++) {
        int copies = field(full->w, c);
        if (!copies || L->is_flex[c] || field(cover, c)) continue;
        for (k = 0; k < copies && n < 53; k++) out[n++] = c;
    }
    return n;
}

/* a floor under the term of the hand grown by natural `code` (deepfloor.next_turn_floor's
   rule): the hand's lone cards of another rank and suit than `code` stay lone in the grown
   hand (a part holding one of them and not `code` lies within the hand; one holding both
   would be a set or a run of both), so they are deadwood there: its deadwood less its
   highest card is at least theirs less their highest, its deadwood cards at least theirs
   (with floors_hold). *gap: that floor of the deadwood less its highest card */
static double turn_floor(const LayoutObject *L, const int *lone, int lone_n, int code, long unit,
                         double weight, int64_t *gap) {
    int i, rank = code % 13, suit = code / 13;
    int64_t sum = 0, n = 0, top = 0;
    for (i = 0; i < lone_n; i++) {
        int c = lone[i];
        if (c % 13 == rank || c / 13 == suit) continue;
        sum += L->vals[c];
        n++;
        if (L->vals[c] > top) top = L->vals[c];
    }
    *gap = sum - top;
    return turn_term(sum, n, top, unit, weight);
}

/* a kept answer (deadwood, cards, worst) read as PyArg_ParseTuple's "LLL" reads it: an exact
   3-tuple of exact ints read directly (the usual case: every answer kept is one), anything
   else through PyArg_ParseTuple itself; 0, or -1 with an exception set */
static int read_answer(PyObject *t, long long *a, long long *b, long long *c) {
    if (PyTuple_CheckExact(t) && PyTuple_GET_SIZE(t) == 3) {
        PyObject *x = PyTuple_GET_ITEM(t, 0), *y = PyTuple_GET_ITEM(t, 1), *z = PyTuple_GET_ITEM(t, 2);
        if (PyLong_CheckExact(x) && PyLong_CheckExact(y) && PyLong_CheckExact(z)) {
            if ((*a = PyLong_AsLongLong(x)) == -1 && PyErr_Occurred()) return -1;
            if ((*b = PyLong_AsLongLong(y)) == -1 && PyErr_Occurred()) return -1;
            if ((*c = PyLong_AsLongLong(z)) == -1 && PyErr_Occurred()) return -1;
            return 0;
        }
    }
    return PyArg_ParseTuple(t, "LLL", a, b, c) ? 0 : -1;
}

/* the answer (deadwood, cards, worst) as a new tuple of three ints (Py_BuildValue's "(LLL)") */
static PyObject *answer_tuple(long long a, long long b, long long c) {
    PyObject *t = PyTuple_New(3), *x;
    int i;
    long long v[3];
    if (!t) return NULL;
    v[0] = a;
    v[1] = b;
    v[2] = c;
    for (i = 0; i < 3; i++) {
        if (!(x = PyLong_FromLongLong(v[i]))) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* next_turn(hand, pool, blocked, known, base, dead, joker, unit, weight, limit, grow[, bar,
   knock]) -> (total, count, ready), summed in the pool's order (a dict {code: copies}) as the
   Python loop sums them, in doubles. A card with no bit in `blocked` just joins the deadwood
   of `base` (the hand's (deadwood, deadwood cards, highest value or 0)); any other is read
   from `known` (plusone's answers for the hand, by card), or, a natural code when `grow`,
   grown as p_plus_one grows it and stored there. None when the C search does not take the
   hand, a code is not 0..52, a card is not known that may not be grown here (a wild card;
   any card unless `grow`), or a code would be held 8 times: the caller sums in Python then.
   With a `bar` (a float; None: no bar) and the `knock` weight: False as soon as the terms
   known prove total / count - knock * ready / count above the bar, each card not yet
   summed at its floor (a wild draw's 0, a natural card's turn_floor; only where
   floors_hold): first with no search, then after each card grown (the rest not searched),
   the cards of most copies first, then the highest value (their terms weigh most: a cut
   comes sooner), then the pool's order; True when that is not proven once every natural card is grown but a
   wild card is not known yet (the caller answers the wild draws and asks again: the
   natural cards are known then); else the sums as without a bar. */
static PyObject *layout_next_turn(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LayoutObject *L = (LayoutObject *)self;
    PyObject *pool, *known, *key, *copies, *out = NULL;
    PartsObject *P = NULL;
    Mask full;
    Py_ssize_t at;
    long dead, joker, unit;
    long long limit = 0;
    int fl, g, has_limit, got, grow, has_bar = 0, bound = 0, wild_missing = 0, m = 0, i;
    unsigned long long blocked;
    double weight, bar = 0.0, knock = 0.0, total = 0.0;
    long long count = 0, ready = 0, base_dw, base_count, base_worst;
    Base base = {0, 0, 0, 0};
    uint64_t cover[4] = {0, 0, 0, 0};
    int codes[53], lone[53], order[53], lone_n = 0, natural_open = 0, k, pool_n = 0;
    PyObject *copy_of[53], *hits[53];
    long long ns[53];
    int64_t dws[53], cards_of[53], worsts[53];
    double terms[53];
    char have[53], may[53];
    if (nargs != 11 && want(nargs, 13,
                            "next_turn(hand, pool, blocked, known, base, dead, joker, unit, "
                            "weight, limit, grow[, bar, knock])"))
        return NULL;
    grow = PyObject_IsTrue(args[10]);
    if (grow < 0) return NULL;
    pool = args[1];
    known = args[3];
    if (!PyDict_Check(pool) || !PyDict_Check(known)) {
        PyErr_SetString(PyExc_TypeError, "next_turn: pool and known are dicts");
        return NULL;
    }
    blocked = PyLong_AsUnsignedLongLong(args[2]);
    if (blocked == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    if (!PyArg_ParseTuple(args[4], "LLL", &base_dw, &base_count, &base_worst) ||
        read_long(args[5], 0, OFFSET, &dead) || read_long(args[6], -VAL_LIMIT, VAL_LIMIT, &joker) ||
        read_long(args[7], 1, VAL_LIMIT, &unit))
        return NULL;
    weight = PyFloat_AsDouble(args[8]);
    if (weight == -1.0 && PyErr_Occurred()) return NULL;
    has_limit = args[9] != Py_None;
    if (has_limit && (limit = PyLong_AsLongLong(args[9])) == -1 && PyErr_Occurred()) return NULL;
    if (nargs == 13 && args[11] != Py_None) {
        has_bar = 1;
        bar = PyFloat_AsDouble(args[11]);
        if (bar == -1.0 && PyErr_Occurred()) return NULL;
        knock = PyFloat_AsDouble(args[12]);
        if (knock == -1.0 && PyErr_Occurred()) return NULL;
        if (!(knock >= 0.0)) {
            PyErr_SetString(PyExc_ValueError, "next_turn: the knock weight is >= 0");
            return NULL;
        }
    }
    got = read_hand(L, args[0], NULL, &full, &fl);
    if (got) {
        if (got < 0) return NULL;
        Py_RETURN_NONE;
    }
    at = 0; /* first, every card answerable here? (else None, nothing stored); each code, its
               copies and its kept answer held for the terms below (borrowed: the dicts are
               not changed in between) */
    while (PyDict_Next(pool, &at, &key, &copies)) {
        long code = PyLong_Check(key) ? PyLong_AsLong(key) : -1;
        PyObject *hit = NULL;
        if (code == -1 && PyErr_Occurred()) PyErr_Clear();
        if (code < 0 || code > 52 || m >= 53) Py_RETURN_NONE;
        codes[m] = (int)code;
        copy_of[m] = copies;
        hits[m] = NULL;
        m++;
        if (!(blocked >> code & 1)) continue;
        hit = PyDict_GetItemWithError(known, key);
        if (!hit && PyErr_Occurred()) return NULL;
        hits[m - 1] = hit;
        if (hit) continue;
        if (code == 52 || L->is_flex[code]) { /* a wild draw: asked in Python */
            if (!has_bar || !grow) Py_RETURN_NONE;
            wild_missing = 1;
        } else if (!grow || field(full.w, (int)code) >= 7)
            Py_RETURN_NONE;
    }
    pool_n = m;
    for (m = 0; m < pool_n; m++) { /* the terms known now (no search); a card not known: 0 for
                                      now */
        int code = codes[m];
        long long n = PyLong_AsLongLong(copy_of[m]);
        if (n == -1 && PyErr_Occurred()) return NULL;
        ns[m] = n;
        have[m] = KNOWN;
        if (!(blocked >> code & 1)) { /* melds with nothing: joins the deadwood */
            int64_t value = L->vals[code];
            dws[m] = base_dw + value;
            cards_of[m] = base_count + 1;
            worsts[m] = base_worst >= value ? base_worst : value;
        } else {
            PyObject *hit = hits[m];
            long long dw, cards, worst;
            if (hit) {
                if (read_answer(hit, &dw, &cards, &worst)) return NULL;
                dws[m] = dw;
                cards_of[m] = cards;
                worsts[m] = worst;
            } else {
                have[m] = code == 52 || L->is_flex[code] ? WILD_DRAW : GROWN;
                natural_open |= have[m] == GROWN;
            }
        }
        terms[m] = have[m] == KNOWN ? turn_term(dws[m], cards_of[m], worsts[m], unit, weight) : 0.0;
        may[m] = has_limit && (have[m] != KNOWN || dws[m] - worsts[m] <= limit);
        count += n;
    }
    bound = has_bar && floors_hold(L, joker, weight); /* (else a term may be below 0) */
    for (i = 0; i < m; i++) { /* the growing order: with a bar, most copies first, then the
                                 highest value, then pool order (a stable insertion) */
        int j = i, c = codes[i] < 52 ? codes[i] : 0; /* (a joker is never grown here) */
        for (; bound && j > 0; j--) {
            int o = order[j - 1], d = codes[o] < 52 ? codes[o] : 0;
            if (ns[o] > ns[i] || (ns[o] == ns[i] && L->vals[d] >= L->vals[c])) break;
            order[j] = o;
        }
        order[j] = i;
    }
    if (bound) {
        if (natural_open) { /* each natural card not known: at least its turn_floor */
            int64_t gap;
            P = hand_parts(L, &full, L->jokers + fl);
            if (!P) return NULL;
            for (g = 0; g < 17; g++) cover_group(P->groups[g], &full, cover);
            lone_n = lone_list(L, &full, cover, lone);
            for (i = 0; i < m; i++) {
                if (have[i] != GROWN) continue;
                terms[i] = turn_floor(L, lone, lone_n, codes[i], unit, weight, &gap);
                if (has_limit && gap > limit) may[i] = 0; /* too far from a knock */
            }
        }
        if (above_bar(terms, ns, may, m, count, knock, bar)) {
            out = Py_False;
            Py_INCREF(out);
            goto done;
        }
    }
    for (k = 0; k < m; k++) { /* the natural cards not known: grown (the hand's parts made
                                 when the first one is), stored, in `order` (the sums below
                                 are in the pool's order whatever it is) */
        PyObject *item, *code_key;
        int64_t dw, cards, worst;
        i = order[k];
        if (have[i] != GROWN) continue;
        if (!P) {
            P = hand_parts(L, &full, L->jokers + fl);
            if (!P) goto done;
            for (g = 0; g < 17; g++) cover_group(P->groups[g], &full, cover);
        }
        if (grown_one(P, codes[i], cover, fl, &base, &dw, &cards, &worst)) goto done;
        settle(&dw, &cards, &worst, dead, joker);
        item = answer_tuple((long long)dw, (long long)cards, (long long)worst);
        code_key = PyLong_FromLong(codes[i]);
        if (!item || !code_key || PyDict_SetItem(known, code_key, item) < 0) {
            Py_XDECREF(item);
            Py_XDECREF(code_key);
            goto done;
        }
        Py_DECREF(item);
        Py_DECREF(code_key);
        dws[i] = dw;
        cards_of[i] = cards;
        worsts[i] = worst;
        have[i] = KNOWN;
        terms[i] = turn_term(dw, cards, worst, unit, weight);
        may[i] = has_limit && dw - worst <= limit;
        if (bound && above_bar(terms, ns, may, m, count, knock, bar)) {
            out = Py_False;
            Py_INCREF(out);
            goto done;
        }
    }
    if (wild_missing) { /* every natural card grown and the bar not cleared: the wild
                           draws are wanted (a search each, in Python) */
        out = Py_True;
        Py_INCREF(out);
        goto done;
    }
    for (i = 0; i < m; i++) { /* the sums, term by term in the pool's order */
        total += (double)ns[i] * terms[i];
        if (has_limit && dws[i] - worsts[i] <= limit) ready += ns[i];
    }
    out = Py_BuildValue("(dLL)", total, count, ready);
done:
    Py_XDECREF(P);
    return out;
}
