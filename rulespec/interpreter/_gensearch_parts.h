/* The C counted search's parts, made by meldgen's rules, and the Parts of a hand
   (interpreter: part of _gensearch.c, included there once). */
/* ---- parts (meldgen.set_group, meldgen.run_group) -------------------------------------- */

static GroupObject *new_group(CPart *parts, Py_ssize_t n) {
    GroupObject *G = PyObject_New(GroupObject, &GroupType);
    Py_ssize_t i, at = 0;
    int low;
    if (!G) {
        PyMem_Free(parts);
        return NULL;
    }
    G->parts = NULL;
    G->n = n;
    G->parts = PyMem_Malloc(sizeof(CPart) * (size_t)(n ? n : 1));
    if (!G->parts) {
        PyMem_Free(parts);
        Py_DECREF(G);
        return (GroupObject *)PyErr_NoMemory();
    }
    for (low = 0; low < 52; low++) { /* by lowest card, stable (searchshare.Shared.packing) */
        G->start[low] = (int)at;
        for (i = 0; i < n; i++)
            if (parts[i].low == low) G->parts[at++] = parts[i];
    }
    G->start[52] = (int)at;
    PyMem_Free(parts);
    return G;
}

static int min3(int a, int b, int c) { return a < b ? (a < c ? a : c) : (b < c ? b : c); }

/* the set parts of one rank, its cards counted per suit: itertools.product's order */
static GroupObject *make_set_group(const LayoutObject *L, int rank, const int *avail, int wilds) {
    int top[4], u[4], s;
    Py_ssize_t n = 0;
    CPart *parts;
    for (s = 0; s < 4; s++) top[s] = L->set_distinct ? (avail[s] < 1 ? avail[s] : 1) : avail[s];
    parts = PyMem_Malloc(sizeof(CPart) * (size_t)((top[0] + 1) * (top[1] + 1) * (top[2] + 1) *
                                                  (top[3] + 1)));
    if (!parts) return (GroupObject *)PyErr_NoMemory();
    for (u[0] = 0; u[0] <= top[0]; u[0]++)
        for (u[1] = 0; u[1] <= top[1]; u[1]++)
            for (u[2] = 0; u[2] <= top[2]; u[2]++)
                for (u[3] = 0; u[3] <= top[3]; u[3]++) {
                    int count = u[0] + u[1] + u[2] + u[3], kmin, kmax;
                    CPart *p = &parts[n];
                    if (!count) continue;
                    kmin = L->set_min - count > 0 ? L->set_min - count : 0;
                    kmax = min3(wilds, L->set_max - count, L->max_wilds[count]);
                    if (L->set_distinct && kmax > 4 - count) kmax = 4 - count;
                    if (kmin > kmax) continue;
                    memset(p->w, 0, sizeof p->w);
                    p->low = -1;
                    for (s = 0; s < 4; s++) {
                        p->w[s] = (uint64_t)u[s] << (FIELD * rank);
                        if (u[s] && p->low < 0) p->low = rank + 13 * s;
                    }
                    p->kmin = kmin;
                    p->kmax = kmax;
                    p->flex_in = L->is_flex[rank] ? count : 0;
                    n++;
                }
    return new_group(parts, n);
}

/* the run parts of one suit, its ranks held as a mask: subsets in increasing order */
static GroupObject *make_run_group(const LayoutObject *L, int suit, int present, int wilds) {
    Py_ssize_t n = 0;
    int sub = 0, r;
    CPart *parts = PyMem_Malloc(sizeof(CPart) * (size_t)(1 << BIT_COUNT((uint64_t)present)));
    if (!parts) return (GroupObject *)PyErr_NoMemory();
    for (;;) {
        int count, gap, kmin, kmax;
        CPart *p = &parts[n];
        sub = (sub - present) & present;
        if (!sub) break;
        count = BIT_COUNT((uint64_t)sub);
        gap = L->span[sub] - count;
        if (gap > wilds) continue;
        kmin = gap;
        if (L->run_min - count > kmin) kmin = L->run_min - count;
        if (kmin < 0) kmin = 0;
        kmax = min3(wilds, L->run_max - count, L->max_wilds[count]);
        if (kmin > kmax) continue;
        memset(p->w, 0, sizeof p->w);
        p->flex_in = 0;
        for (r = 0; r < 13; r++)
            if (sub >> r & 1) {
                p->w[suit] |= 1ULL << (FIELD * r);
                p->flex_in += L->is_flex[r];
            }
        p->low = 13 * suit + LOWEST_BIT((uint64_t)sub);
        p->kmin = kmin;
        p->kmax = kmax;
        n++;
    }
    return new_group(parts, n);
}

/* let go of the layout's recent groups (layout_clear, layout_dealloc) */
static void group_cache_clear(LayoutObject *L) {
    int i;
    for (i = 0; i < GROUP_CACHE; i++) Py_CLEAR(L->recent[i].group);
}

/* remember G as the group of key k in the layout's recent groups */
static void group_cache_put(LayoutObject *L, long long k, GroupObject *G, int at) {
    GroupObject *old = L->recent[at].group;
    Py_INCREF(G);
    L->recent[at].key = k;
    L->recent[at].group = G;
    Py_XDECREF(old);
}

/* a group made once per key (the layout's dict; started afresh past GROUPS_LIMIT), the
   recent ones asked in the layout's small table first (a grown hand asks two a card) */
static GroupObject *cached_group(LayoutObject *L, int run, int which, int held, int wilds) {
    long long k = ((long long)wilds << 32) | ((long long)held << 6) | (run << 5) | which;
    int at = (int)(mix((uint64_t)k) & (GROUP_CACHE - 1));
    PyObject *key, *got;
    GroupObject *G = L->recent[at].group;
    if (G && L->recent[at].key == k) {
        Py_INCREF(G);
        return G;
    }
    key = PyLong_FromLongLong(k);
    if (!key) return NULL;
    got = PyDict_GetItemWithError(L->groups, key);
    if (got) {
        Py_DECREF(key);
        group_cache_put(L, k, (GroupObject *)got, at);
        Py_INCREF(got);
        return (GroupObject *)got;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(key);
        return NULL;
    }
    if (run) {
        G = make_run_group(L, which, held, wilds);
    } else {
        int avail[4], s;
        for (s = 0; s < 4; s++) avail[s] = held >> (4 * s) & 0xF;
        G = make_set_group(L, which, avail, wilds);
    }
    if (G) {
        if (PyDict_GET_SIZE(L->groups) >= GROUPS_LIMIT) PyDict_Clear(L->groups);
        if (PyDict_SetItem(L->groups, key, (PyObject *)G) < 0) Py_CLEAR(G);
    }
    if (G) group_cache_put(L, k, G, at);
    Py_DECREF(key);
    return G;
}

static int rank_held(const Mask *m, int rank) { /* 4 suits' counts, a nibble each */
    int s, held = 0;
    for (s = 0; s < 4; s++) held |= field(m->w, rank + 13 * s) << (4 * s);
    return held;
}

static int suit_present(const Mask *m, int suit) {
    int r, present = 0;
    for (r = 0; r < 13; r++)
        if (field(m->w, 13 * suit + r)) present |= 1 << r;
    return present;
}

/* the hand's groups (meldgen.natural_groups): each rank's sets, each suit's runs */
static int hand_groups(LayoutObject *L, const Mask *full, int wilds, GroupObject **groups) {
    int i;
    for (i = 0; i < 17; i++) groups[i] = NULL;
    for (i = 0; i < 13 && L->has_sets; i++) {
        int held = rank_held(full, i);
        if (held && !(groups[i] = cached_group(L, 0, i, held, wilds))) return -1;
    }
    for (i = 0; i < 4 && L->has_runs; i++) {
        int present = suit_present(full, i);
        if (present && !(groups[13 + i] = cached_group(L, 1, i, present, wilds))) return -1;
    }
    return 0;
}

static PartsObject *new_parts(LayoutObject *L, const Mask *full, int wilds) {
    PartsObject *P = PyObject_New(PartsObject, &PartsType);
    int i;
    if (!P) return NULL;
    Py_INCREF(L);
    P->layout = L;
    for (i = 0; i < 17; i++) P->groups[i] = NULL;
    P->full = *full;
    P->wilds = wilds;
    memset(P->lone, 0, sizeof P->lone);
    return P;
}

/* the hand of P with one more `code` in G, a Parts not made as an object (the search reads
   its layout, groups, hand and wild cards only): P's layout and groups borrowed but for
   code's rank's sets and suit's runs, remade, their references in made[0..1] (NULL: none;
   the caller releases them, grown_done). 0, or -1 with an error set. grown_one's step: no
   object made and freed, no 17 references taken and given back, per grown hand */
static int grow_into(const PartsObject *P, int code, PartsObject *G, GroupObject **made) {
    LayoutObject *L = P->layout;
    int rank = code % 13, suit = code / 13;
    made[0] = made[1] = NULL;
    if (field(P->full.w, code) >= 7) {
        PyErr_SetString(PyExc_OverflowError, "grown: at most 7 cards of a code");
        return -1;
    }
    G->layout = L;
    G->full = P->full;
    G->full.w[suit] += 1ULL << (FIELD * rank);
    G->wilds = P->wilds;
    memset(G->lone, 0, sizeof G->lone);
    memcpy(G->groups, P->groups, sizeof G->groups);
    if (L->has_sets) {
        made[0] = cached_group(L, 0, rank, rank_held(&G->full, rank), P->wilds);
        if (!made[0]) return -1;
        G->groups[rank] = made[0];
    }
    if (L->has_runs) {
        made[1] = cached_group(L, 1, suit, suit_present(&G->full, suit), P->wilds);
        if (!made[1]) return -1;
        G->groups[13 + suit] = made[1];
    }
    return 0;
}

static void grown_done(GroupObject **made) {
    Py_XDECREF(made[0]);
    Py_XDECREF(made[1]);
}

/* the Parts of the hand with one more `code` (its rank's sets and suit's runs remade) */
static PartsObject *grown_parts(PartsObject *P, int code) {
    PartsObject grown, *G;
    GroupObject *made[2];
    int i, bad = grow_into(P, code, &grown, made);
    G = bad ? NULL : new_parts(P->layout, &grown.full, grown.wilds);
    if (G)
        for (i = 0; i < 17; i++) {
            G->groups[i] = grown.groups[i];
            Py_XINCREF(G->groups[i]);
        }
    grown_done(made);
    return G;
}

static int flex_count(const LayoutObject *L, const Mask *m) {
    int c, n = 0;
    for (c = 0; c < 52; c++)
        if (L->is_flex[c]) n += field(m->w, c);
    return n;
}

