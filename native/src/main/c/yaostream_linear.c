/* Linear maps over blocks (ys_xor_terms): each output block the XOR of some input blocks, in one SSE2 register. */
#include "yaostream_kernel.h"

#include <emmintrin.h>

int ys_xor_terms(const int32_t *termStarts, int32_t startCount, const int32_t *terms, int32_t termCount, int32_t outputs,
                 const uint8_t *in, int32_t inBlocks, uint8_t *out, int32_t outBlocks) {
    if (outputs < 0 || outputs >= startCount || outputs > outBlocks || (outputs > 0 && termStarts[0] != 0)) {
        return -1;
    }
    for (int32_t j = 0; j < outputs; j++) {
        int32_t from = termStarts[j];
        int32_t to = termStarts[j + 1];
        if (to < from || to > termCount) {
            return -1;
        }
        __m128i sum = _mm_setzero_si128();
        for (int32_t t = from; t < to; t++) {
            uint32_t b = (uint32_t) terms[t];
            if (b >= (uint32_t) inBlocks) {
                return -1;
            }
            sum = _mm_xor_si128(sum, _mm_loadu_si128((const __m128i *) (in + 16 * (size_t) b)));
        }
        _mm_storeu_si128((__m128i *) (out + 16 * (size_t) j), sum);
    }
    return 0;
}
