/* Lowest set bit and bit count of a uint64_t, portable: GCC and Clang have builtins, MSVC
   does not (interpreter: shared by _deadwood.c and _gensearch.c, included once in each;
   -DRULESPEC_NO_BUILTINS builds the loop form anywhere, to check it gives the same). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(RULESPEC_NO_BUILTINS)
#define LOWEST_BIT(x) __builtin_ctzll(x)
#ifdef __POPCNT__ /* the instruction itself (built with -mpopcnt or a -march that has it) */
#define BIT_COUNT(x) __builtin_popcountll(x)
#else /* without it the builtin is a call to libgcc's __popcountdi2: the bit trick inline */
static inline int BIT_COUNT(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif
#else
static int LOWEST_BIT(uint64_t x) {
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
static int BIT_COUNT(uint64_t x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}
#endif
