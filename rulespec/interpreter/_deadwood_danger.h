/* The discard dangers in C, and the Look type (its tables read in, its methods)
   (interpreter: part of _deadwood.c, included there once). */
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

/* the held cards' chances (1.0), appended to the model's order when the pool lacks them */
static int add_held(const int *held, int n_held, double *chance, int *present, int *seq,
                    int n_seq) {
    int i;
    for (i = 0; i < n_held; i++) {
        int c = held[i];
        chance[c] = 1.0;
        if (!present[c]) {
            present[c] = 1;
            seq[n_seq++] = c;
        }
    }
    return n_seq;
}

/* discard_danger of one natural card from the next hand's model (`chance` of the codes
 * `present`, `seq` in the model's order), starting from `danger` (its lay-off part) */
static double card_danger(const Danger *D, int card, double danger, long long dead,
                          const int *seq, int n_seq, const double *chance, const int *present,
                          int64_t value) {
    int rank0 = card % 13, suit = card / 13, j;
    double miss = 1.0, mates[53];
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
    return danger + 0.01 * (10 - (double)value / D->unit);
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
    n_seq = add_held(held, n_held, chance, present, seq, n_seq);
    out = PyList_New(0);
    while (out && cards) {
        int card = LOWEST_BIT(cards);
        PyObject *v;
        cards &= cards - 1;
        v = PyFloat_FromDouble(
            card_danger(D, card, 0.0, dead, seq, n_seq, chance, present, L->values[card]));
        if (!v || PyList_Append(out, v)) Py_CLEAR(out);
        Py_XDECREF(v);
    }
done:
    PyMem_Free(passed);
    PyMem_Free(thrown);
    return out;
}

/* read set_danger's five arguments (mates, windows, set_k, suits_any, constants) into D;
 * -1 with an exception set when they are malformed (the Feed type reads them too) */
static int parse_danger(PyObject *const *args, Danger *D) {
    PyObject *rows = NULL, *row = NULL, *ranks = NULL;
    Py_ssize_t r, j, i;
    memset(D, 0, sizeof *D);
    if (read_u64s(args[0], D->mates, 52, "mates")) return -1;
    D->set_k = (int)PyLong_AsLong(args[2]);
    D->suits_any = PyObject_IsTrue(args[3]);
    if (PyErr_Occurred() || D->set_k < 0 || D->set_k > 52 || D->suits_any < 0) goto bad;
    if (!PyArg_ParseTuple(args[4], "ddddd", &D->declined, &D->thrown, &D->feed_weight,
                          &D->dead_bonus, &D->unit))
        return -1;
    rows = PySequence_Fast(args[1], "windows");
    if (!rows || PySequence_Fast_GET_SIZE(rows) != 13) goto bad;
    for (r = 0; r < 13; r++) {
        row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, r), "windows row");
        if (!row || PySequence_Fast_GET_SIZE(row) > 16) goto bad;
        D->n_windows[r] = (int)PySequence_Fast_GET_SIZE(row);
        for (j = 0; j < D->n_windows[r]; j++) {
            ranks = PySequence_Fast(PySequence_Fast_GET_ITEM(row, j), "window");
            if (!ranks || PySequence_Fast_GET_SIZE(ranks) > 12) goto bad;
            for (i = 0; i < PySequence_Fast_GET_SIZE(ranks); i++) {
                long rank = PyLong_AsLong(PySequence_Fast_GET_ITEM(ranks, i));
                if (rank < 1 || rank > 13) goto bad;
                D->windows[r][j][i] = (int8_t)rank;
            }
            D->windows[r][j][i] = -1;
            Py_CLEAR(ranks);
        }
        Py_CLEAR(row);
    }
    Py_DECREF(rows);
    D->on = 1;
    return 0;
bad:
    Py_XDECREF(ranks);
    Py_XDECREF(row);
    Py_XDECREF(rows);
    if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_OverflowError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "set_danger: malformed danger tables");
    }
    return -1;
}

/* set_danger(mates, windows, set_k, suits_any, (declined, thrown, feed, dead, unit)) */
static PyObject *l_set_danger(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    LookObject *L = (LookObject *)self;
    Danger D;
    if (n_args(nargs, 5, "set_danger") || parse_danger(args, &D)) return NULL;
    L->danger = D;
    Py_RETURN_NONE;
}

static void look_dealloc(LookObject *L) {
    Py_XDECREF(L->k);
    PyMem_Free(L->melds);
    PyMem_Free(L->walks);
    PyMem_Free(L->terms);
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
     "pot(mask, pool, draws, unit) -> the partial melds' potential (partials.potential)"},
    {"pot_dead", (PyCFunction)(void (*)(void))l_pot_dead, METH_FASTCALL,
     "pot_dead(dead, pool, total, draws, unit, stamp) -> the potential of a deadwood mask "
     "over a pool of several copies (partials._mask_potential), kept per stamp; or None"},
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
