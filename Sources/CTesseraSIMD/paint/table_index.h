// Where a gradient stop's offset falls among a colour table's entries, shared by the sRGB table
// (paint/gradient_table.c) and the Generic RGB one (paint/generic_rgb_table.c), which must cut
// their segments at the same entries.
#ifndef TSR_TABLE_INDEX_H
#define TSR_TABLE_INDEX_H
#include <stdint.h>

// The first i in [0, size] with i / last ≥ o (strictly > o when `strictly`), by the same division
// the entries use: an estimate, then corrected by the comparisons themselves.
static inline int32_t tsr_table_first_index(double o, double last, int32_t size, int strictly) {
    int32_t i = (int32_t)(o * last);
    if (i < 0) i = 0;
    if (i > size) i = size;
    while (i > 0 && (strictly ? (double)(i - 1) / last > o : (double)(i - 1) / last >= o)) i--;
    while (i < size && (strictly ? (double)i / last <= o : (double)i / last < o)) i++;
    return i;
}
#endif
