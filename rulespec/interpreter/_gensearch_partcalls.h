/* The going-out partition search's calls: partition and partition_each (interpreter: part
   of _gensearch.c, included there once, after _gensearch_partition.h, whose search they
   run).

   `partition` answers one state with the partition found (partsearch's steps).
   `partition_each` answers a going-out moment's rests at once: under going-out melding
   every candidate meld of a moment asks whether the rest of the hand still goes out, the
   same search from the rest's state with the same rules (the whole hand's partitioner:
   one Parts, one meld count). A state's answer is a fact of the state and those rules, so
   one memo serves every rest of the moment: what one rest's search learns (the states
   after its lowest melds) the next reuses. Only the card that may be left out (the drop
   mask, with whether the hand's wild codes may be it: the exchange argument's condition)
   differs between rests (a card taken this turn held back, a joker laid or not), so a
   state with a card still to leave out is keyed with its rest's class of those two
   (`pz_key`); the others are shared by all. */

static int pz_u64(PyObject *obj, uint64_t *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)v;
    return 0;
}

/* The search's rules from the call's arguments (most, counts, flags, wild_sizes, per_meld,
   contract, share, windows: args[0..7]), its memo made; 0, or -1 with an error set (the
   buffers released). On success the caller releases the buffers and frees the table. */
static int pz_setup(Pz *z, PyObject *self, PyObject *const *args, Py_buffer *share,
                    Py_buffer *windows) {
    long most, per_meld, flags;
    int i;
    if (read_long(args[0], 0, 63, &most) || pz_u64(args[1], &z->counts) ||
        read_long(args[2], 0, 31, &flags) || pz_u64(args[3], &z->wild_sizes) ||
        read_long(args[4], -1, 1L << 30, &per_meld))
        return -1;
    z->has_contract = args[5] != Py_None;
    for (i = 0; i < 5; i++) z->contract[i] = 0;
    if (z->has_contract) {
        long c;
        if (!PyTuple_Check(args[5]) || PyTuple_GET_SIZE(args[5]) != 5) {
            PyErr_SetString(PyExc_TypeError, "partition: a contract is 5 ints or None");
            return -1;
        }
        for (i = 0; i < 5; i++) {
            if (read_long(PyTuple_GET_ITEM(args[5], i), 0, 15, &c)) return -1;
            z->contract[i] = (int)c;
        }
    }
    if (PyObject_GetBuffer(args[6], share, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(args[7], windows, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(share);
        return -1;
    }
    z->table = NULL;
    if (share->len != 52 * 8) {
        PyErr_SetString(PyExc_ValueError, "partition: share holds 52 64-bit masks");
    } else {
        z->table = calloc(1024, sizeof(PzSlot));
        if (!z->table) PyErr_NoMemory();
    }
    if (!z->table) {
        PyBuffer_Release(share);
        PyBuffer_Release(windows);
        return -1;
    }
    z->P = (const PartsObject *)self;
    z->share = share->buf;
    z->windows = windows->buf;
    z->n_windows = windows->len / 4;
    z->most = (int)most;
    z->needs_on = (int)(flags & 1);
    z->outnumber = (int)(flags >> 1 & 1);
    z->exchange = (int)(flags >> 2 & 1);
    z->wild_in_drop = (int)(flags >> 3 & 1);
    z->per_meld = (int)per_meld;
    z->cap = 1024;
    z->count = 0;
    z->failed = 0;
    z->cls = 0;
    return 0;
}

/* partition(mask, b, fl, used, most, drop, counts, flags, wild_sizes, per_meld, contract,
   share, windows) -> partsearch's steps, or None: see _gensearch.c's method table */
static PyObject *p_partition(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Pz z;
    Mask m;
    long b, fl, used;
    int got[3] = {0, 0, 0}, ok, drop;
    Py_buffer share, windows;
    PyObject *out = NULL, *rules[8];
    if (want(nargs, 13,
             "partition(mask, b, fl, used, most, drop, counts, flags, wild_sizes, per_meld, "
             "contract, share, windows)") ||
        read_mask(args[0], &m) || read_long(args[1], -OFFSET / 2, OFFSET / 2 - 1, &b) ||
        read_long(args[2], 0, OFFSET / 2 - 1, &fl) || read_long(args[3], 0, 63, &used) ||
        pz_u64(args[5], &z.drop))
        return NULL;
    rules[0] = args[4]; /* most, then counts .. windows */
    memcpy(rules + 1, args + 6, 7 * sizeof(PyObject *));
    if (pz_setup(&z, self, rules, &share, &windows)) return NULL;
    drop = (int)(PyLong_AsLong(args[7]) >> 4 & 1);
    ok = pz_dfs(&z, &m, (int)b, (int)fl, (int)used, drop, got);
    if (z.failed) {
        PyErr_NoMemory();
    } else if (!ok) {
        out = Py_NewRef(Py_None);
    } else {
        out = pz_steps(&z, m, (int)b, (int)fl, (int)used, drop, got);
    }
    free(z.table);
    PyBuffer_Release(&share);
    PyBuffer_Release(&windows);
    return out;
}

#define PZ_CLASSES 255

/* partition_each(starts, most, counts, flags, wild_sizes, per_meld, contract, share,
   windows) -> [bool]: for each rest, a list of start states (mask, b, fl, used, drop,
   flags: partition's arguments; of flags only the drop and wild-in-drop bits are read, the
   rest are the call's): does the search find a partition from any of them? */
static PyObject *p_partition_each(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Pz z;
    Py_buffer share, windows;
    PyObject *out = NULL, *starts;
    uint64_t drops[PZ_CLASSES];
    int wilds[PZ_CLASSES], classes = 0;
    Py_ssize_t n, i, j;
    if (want(nargs, 9,
             "partition_each(starts, most, counts, flags, wild_sizes, per_meld, contract, "
             "share, windows)"))
        return NULL;
    starts = args[0];
    if (!PyList_Check(starts)) {
        PyErr_SetString(PyExc_TypeError, "partition_each: the starts are a list");
        return NULL;
    }
    if (pz_setup(&z, self, args + 1, &share, &windows)) return NULL;
    n = PyList_GET_SIZE(starts);
    out = PyList_New(n);
    for (i = 0; out && i < n; i++) {
        PyObject *rest = PyList_GET_ITEM(starts, i);
        int ok = 0;
        if (!PyList_Check(rest)) {
            PyErr_SetString(PyExc_TypeError, "partition_each: a rest's starts are a list");
            Py_CLEAR(out);
            break;
        }
        for (j = 0; !ok && j < PyList_GET_SIZE(rest); j++) {
            PyObject *st = PyList_GET_ITEM(rest, j);
            Mask m;
            long b, fl, used, flags;
            int got[3] = {0, 0, 0}, drop, c;
            if (!PyTuple_Check(st) || PyTuple_GET_SIZE(st) != 6) {
                PyErr_SetString(PyExc_TypeError, "partition_each: a start is 6 values");
                Py_CLEAR(out);
                break;
            }
            if (read_mask(PyTuple_GET_ITEM(st, 0), &m) ||
                read_long(PyTuple_GET_ITEM(st, 1), -OFFSET / 2, OFFSET / 2 - 1, &b) ||
                read_long(PyTuple_GET_ITEM(st, 2), 0, OFFSET / 2 - 1, &fl) ||
                read_long(PyTuple_GET_ITEM(st, 3), 0, 63, &used) ||
                pz_u64(PyTuple_GET_ITEM(st, 4), &z.drop) ||
                read_long(PyTuple_GET_ITEM(st, 5), 0, 31, &flags)) {
                Py_CLEAR(out);
                break;
            }
            drop = (int)(flags >> 4 & 1);
            z.wild_in_drop = (int)(flags >> 3 & 1);
            z.cls = 0;
            if (drop) { /* this rest's class of (drop mask, wild in drop), from 1 */
                for (c = 0; c < classes; c++)
                    if (drops[c] == z.drop && wilds[c] == z.wild_in_drop) break;
                if (c == classes) {
                    if (classes == PZ_CLASSES) {
                        PyErr_SetString(PyExc_ValueError, "partition_each: too many drop masks");
                        Py_CLEAR(out);
                        break;
                    }
                    drops[c] = z.drop;
                    wilds[c] = z.wild_in_drop;
                    classes++;
                }
                z.cls = c + 1;
            }
            ok = pz_dfs(&z, &m, (int)b, (int)fl, (int)used, drop, got);
            if (z.failed) {
                PyErr_NoMemory();
                Py_CLEAR(out);
                break;
            }
        }
        if (out) PyList_SET_ITEM(out, i, PyBool_FromLong(ok));
    }
    free(z.table);
    PyBuffer_Release(&share);
    PyBuffer_Release(&windows);
    return out;
}
