/* The C counted search's methods: Python arguments in, answers out
   (interpreter: part of _gensearch.c, included there once). */
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

/* the Parts of the hand `full` holding `wilds` wild cards (a new reference, or NULL) */
static PartsObject *hand_parts(LayoutObject *L, const Mask *full, int wilds) {
    PartsObject *P;
    for (int s = 0; s < 4; s++)
        if (full->w[s] & GUARD) {
            PyErr_SetString(PyExc_OverflowError, "search: at most 7 cards of a code");
            return NULL;
        }
    P = new_parts(L, full, wilds);
    if (!P) return NULL;
    if (hand_groups(L, full, wilds, P->groups)) {
        Py_DECREF(P);
        return NULL;
    }
    return P;
}

static PyObject *layout_search(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Mask full;
    long wilds;
    if (want(nargs, 2, "search(full, wilds)") || read_mask(args[0], &full) ||
        read_long(args[1], 0, OFFSET / 2 - 1, &wilds))
        return NULL;
    return (PyObject *)hand_parts((LayoutObject *)self, &full, (int)wilds);
}

/* a (deadwood, deadwood cards, highest value) answer with `dead` dead jokers of value
   `joker` added and no highest value read as 0 (plusone's and solver's answers); dead < 0:
   as the search gives it (NONE for no highest value, dead jokers left out) */
static void settle(int64_t *v, int64_t *count, int64_t *worst, long dead, long joker) {
    if (dead >= 0) {
        if (dead) {
            *v += dead * joker;
            *count += dead;
            if (joker > *worst) *worst = joker;
        }
        if (*worst <= -INF) *worst = 0;
    }
}

static PyObject *answer(int64_t v, int64_t count, int64_t worst, long dead, long joker) {
    settle(&v, &count, &worst, dead, joker);
    return Py_BuildValue("(LLL)", (long long)v, (long long)count, (long long)worst);
}

static PyObject *p_grown(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    long code;
    if (want(nargs, 1, "grown(code)") || read_long(args[0], 0, 51, &code)) return NULL;
    return (PyObject *)grown_parts((PartsObject *)self, (int)code);
}

/* the hand's own (value, deadwood cards, highest value) as lone_split gives it, made once
   when first asked (grown_one) */
typedef struct {
    int have;
    int64_t v, count, worst;
} Base;

/* one step of p_plus_one: the search's answer (dead jokers out, NONE for no highest value)
   for the hand of P (its parts ORed: cover; fl cards of a wild rank) with one more natural
   `code`; a code no part of the grown hand holds with the hand's cards just joins the
   hand's deadwood (`base`). 0, or -1 with an error set */
static int grown_one(PartsObject *P, int code, const uint64_t *cover, int fl, Base *base,
                     int64_t *v, int64_t *count, int64_t *worst) {
    LayoutObject *L = P->layout;
    PartsObject G; /* (not an object: grow_into) */
    GroupObject *made[2];
    int held = field(P->full.w, code), bad = 0, melded;
    if (grow_into(P, code, &G, made)) {
        grown_done(made);
        return -1;
    }
    melded = melds(&G, code, &P->full);
    STAT(ST_GROWN);
    if (melded) { /* the grown hand's parts: the hand's, and those of code's rank's sets and
                     suit's runs (a part of another group holds no code) */
        uint64_t grown[4];
        memcpy(grown, cover, sizeof grown);
        cover_group(G.groups[code % 13], &G.full, grown);
        cover_group(G.groups[13 + code / 13], &G.full, grown);
        STAT(ST_MELDED);
        for (int s = 0; s < 4; s++) /* natural, held, lone in the hand, not in the grown one
                                       (every copy: whole fields) */
            G.lone[s] = (held_fields(P->full.w[s]) & ~held_fields(cover[s]) &
                         held_fields(grown[s])) * 0xF & ~L->flex_fields[s];
        bad = lone_split(&G, code, held, &G.full, fl, grown, v, count, worst);
    }
    grown_done(made);
    if (!bad && !melded) { /* deadwood in every arrangement: it joins the hand's deadwood */
        if (!base->have) {
            bad = lone_split(P, -1, 0, &P->full, fl, cover, &base->v, &base->count, &base->worst);
            base->have = !bad;
        }
        *v = base->v + L->vals[code];
        *count = base->count + 1;
        *worst = base->worst > L->vals[code] ? base->worst : L->vals[code];
    }
    if (bad) PyErr_SetString(PyExc_OverflowError, "plus_one: too many cards");
    return bad ? -1 : 0;
}

static PyObject *grown_list(PartsObject *P, PyObject *room_seq, long dead, long joker);

/* plusone._general's natural cards in one call: for each code of `room` (natural, not
   wild-capable), (least deadwood, deadwood cards, highest value among those not
   wild-capable or NONE) of the hand with one more of it, dead jokers left out; with
   (dead, joker): `answer`'s, those dead jokers of that value in */
static PyObject *p_plus_one(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    long dead = -1, joker = 0;
    if (nargs != 1 && want(nargs, 3, "plus_one(room[, dead, joker])")) return NULL;
    if (nargs == 3 && (read_long(args[1], 0, OFFSET, &dead) ||
                       read_long(args[2], -VAL_LIMIT, VAL_LIMIT, &joker)))
        return NULL;
    return grown_list((PartsObject *)self, args[0], dead, joker);
}

/* p_plus_one's answers for the Parts P */
static PyObject *grown_list(PartsObject *P, PyObject *room_seq, long dead, long joker) {
    LayoutObject *L = P->layout;
    PyObject *room, *out = NULL;
    Py_ssize_t i, n;
    int fl = flex_count(L, &P->full), g;
    Base base = {0, 0, 0, 0};
    uint64_t cover[4] = {0, 0, 0, 0}; /* the hand's parts ORed (lone_split) */
    for (g = 0; g < 17; g++) cover_group(P->groups[g], &P->full, cover);
    room = PySequence_Fast(room_seq, "room is a list of codes");
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
        if (grown_one(P, (int)code, cover, fl, &base, &v, &count, &worst)) goto fail;
        item = answer(v, count, worst, dead, joker);
        if (!item) goto fail;
        PyList_SET_ITEM(out, i, item);
    }
    Py_DECREF(room);
    return out;
fail:
    Py_DECREF(room);
    Py_XDECREF(out);
    return NULL;
}

