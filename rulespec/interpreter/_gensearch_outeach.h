/* A going-out moment's rests asked in one call: partition_each (interpreter: part of
   _gensearch.c, included there once, after _gensearch_partition.h).

   Under going-out melding every candidate meld of a moment asks whether the rest of the
   hand still goes out: the partition search of `_gensearch_partition.h` from the rest's
   state, with the same rules (the whole hand's partitioner: one Parts, one meld count).
   A state's answer is a fact of the state and those rules, so one memo serves every rest
   of the moment: what one rest's search learns (the states after its lowest melds) the
   next reuses. Only the card that may be left out (the drop mask, with whether the hand's
   wild codes may be it: the exchange argument's condition) differs between rests (a card
   taken this turn held back, a joker laid or not), so a state with a card still to leave
   out is keyed with its rest's class of those two; the others are shared by all. */

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
