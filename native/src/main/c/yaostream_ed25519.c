/* Scalar multiplication on edwards25519 for the base OTs (core's EdwardsArithmetic): the same results as core's
 * Java Edwards25519, about five times faster, because a field element is five 51-bit limbs multiplied with
 * 64 x 64 -> 128-bit products instead of ten 25.5-bit limbs in Java ints.
 *
 * Formulas as in the Java code (Hisil, Wong, Carter, Dawson 2008, a = -1, extended coordinates with t kept as
 * the product e h so a doubling need not compute it): doubling 4 squarings + 3 multiplications, addition of a
 * cached point 9 multiplications. Constant time in the scalars: signed radix-16 digits, every table entry read
 * with masks, no branch or index on a secret. Points given to these functions are assumed to lie on the curve
 * (Java checks the peer's); nothing here reads or writes outside the buffers whatever their contents. */
#include <string.h>

#include "yaostream_kernel.h"

typedef unsigned __int128 u128;

/* A field element mod p = 2^255 - 19: v[0] + v[1] 2^51 + ... + v[4] 2^204, limbs kept below about 2^52. */
typedef struct {
    uint64_t v[5];
} fe;

#define MASK51 ((UINT64_C(1) << 51) - 1)

static const fe FE_2D = {{0x69b9426b2f159ULL, 0x35050762add7aULL, 0x3cf44c0038052ULL, 0x6738cc7407977ULL,
                          0x2406d9dc56dffULL}};

static void fe_zero(fe *h) {
    memset(h, 0, sizeof *h);
}

static void fe_one(fe *h) {
    fe_zero(h);
    h->v[0] = 1;
}

/* Moves each limb's bits above 51 into the next (the top limb's into the lowest, times 19). */
static void fe_carry(fe *h) {
    uint64_t c;
    c = h->v[0] >> 51; h->v[0] &= MASK51; h->v[1] += c;
    c = h->v[1] >> 51; h->v[1] &= MASK51; h->v[2] += c;
    c = h->v[2] >> 51; h->v[2] &= MASK51; h->v[3] += c;
    c = h->v[3] >> 51; h->v[3] &= MASK51; h->v[4] += c;
    c = h->v[4] >> 51; h->v[4] &= MASK51; h->v[0] += 19 * c;
}

static void fe_add(fe *h, const fe *f, const fe *g) {
    for (int i = 0; i < 5; i++) {
        h->v[i] = f->v[i] + g->v[i];
    }
    fe_carry(h);
}

/* h = f - g, computed as f + 4p - g so no limb goes negative (g's limbs are below 2^53). */
static void fe_sub(fe *h, const fe *f, const fe *g) {
    h->v[0] = f->v[0] + 0x1FFFFFFFFFFFB4ULL - g->v[0];
    for (int i = 1; i < 5; i++) {
        h->v[i] = f->v[i] + 0x1FFFFFFFFFFFFCULL - g->v[i];
    }
    fe_carry(h);
}

/* Reduces the five 128-bit column sums of a product to limbs below 2^51 (the lowest a little above). */
static void fe_reduce_wide(fe *h, u128 r0, u128 r1, u128 r2, u128 r3, u128 r4) {
    uint64_t c;
    r1 += (uint64_t) (r0 >> 51); h->v[0] = (uint64_t) r0 & MASK51;
    r2 += (uint64_t) (r1 >> 51); h->v[1] = (uint64_t) r1 & MASK51;
    r3 += (uint64_t) (r2 >> 51); h->v[2] = (uint64_t) r2 & MASK51;
    r4 += (uint64_t) (r3 >> 51); h->v[3] = (uint64_t) r3 & MASK51;
    c = (uint64_t) (r4 >> 51); h->v[4] = (uint64_t) r4 & MASK51;
    h->v[0] += 19 * c;
    c = h->v[0] >> 51; h->v[0] &= MASK51; h->v[1] += c;
}

static void fe_mul(fe *h, const fe *f, const fe *g) {
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    u128 r0 = (u128) f0 * g0 + (u128) f1 * g4_19 + (u128) f2 * g3_19 + (u128) f3 * g2_19 + (u128) f4 * g1_19;
    u128 r1 = (u128) f0 * g1 + (u128) f1 * g0 + (u128) f2 * g4_19 + (u128) f3 * g3_19 + (u128) f4 * g2_19;
    u128 r2 = (u128) f0 * g2 + (u128) f1 * g1 + (u128) f2 * g0 + (u128) f3 * g4_19 + (u128) f4 * g3_19;
    u128 r3 = (u128) f0 * g3 + (u128) f1 * g2 + (u128) f2 * g1 + (u128) f3 * g0 + (u128) f4 * g4_19;
    u128 r4 = (u128) f0 * g4 + (u128) f1 * g3 + (u128) f2 * g2 + (u128) f3 * g1 + (u128) f4 * g0;
    fe_reduce_wide(h, r0, r1, r2, r3, r4);
}

static void fe_sq(fe *h, const fe *f) {
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t d0 = 2 * f0, d1 = 2 * f1, d2 = 2 * f2;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
    u128 r0 = (u128) f0 * f0 + (u128) d1 * f4_19 + (u128) d2 * f3_19;
    u128 r1 = (u128) d0 * f1 + (u128) d2 * f4_19 + (u128) f3 * f3_19;
    u128 r2 = (u128) d0 * f2 + (u128) f1 * f1 + (u128) (2 * f3) * f4_19;
    u128 r3 = (u128) d0 * f3 + (u128) d1 * f2 + (u128) f4 * f4_19;
    u128 r4 = (u128) d0 * f4 + (u128) d1 * f3 + (u128) f2 * f2;
    fe_reduce_wide(h, r0, r1, r2, r3, r4);
}

static void fe_sq_times(fe *h, const fe *f, int n) {
    fe_sq(h, f);
    for (int i = 1; i < n; i++) {
        fe_sq(h, h);
    }
}

/* h = z^(p - 2) = 1/z (0 for z = 0): the usual chain of 254 squarings and 11 multiplications. */
static void fe_invert(fe *h, const fe *z) {
    fe t0, t1, t2, t3;
    fe_sq(&t0, z);                 /* 2 */
    fe_sq_times(&t1, &t0, 2);      /* 8 */
    fe_mul(&t1, z, &t1);           /* 9 */
    fe_mul(&t0, &t0, &t1);         /* 11 */
    fe_sq(&t2, &t0);               /* 22 */
    fe_mul(&t1, &t1, &t2);         /* 2^5 - 1 */
    fe_sq_times(&t2, &t1, 5);
    fe_mul(&t1, &t2, &t1);         /* 2^10 - 1 */
    fe_sq_times(&t2, &t1, 10);
    fe_mul(&t2, &t2, &t1);         /* 2^20 - 1 */
    fe_sq_times(&t3, &t2, 20);
    fe_mul(&t2, &t3, &t2);         /* 2^40 - 1 */
    fe_sq_times(&t2, &t2, 10);
    fe_mul(&t1, &t2, &t1);         /* 2^50 - 1 */
    fe_sq_times(&t2, &t1, 50);
    fe_mul(&t2, &t2, &t1);         /* 2^100 - 1 */
    fe_sq_times(&t3, &t2, 100);
    fe_mul(&t2, &t3, &t2);         /* 2^200 - 1 */
    fe_sq_times(&t2, &t2, 50);
    fe_mul(&t1, &t2, &t1);         /* 2^250 - 1 */
    fe_sq_times(&t1, &t1, 5);      /* 2^255 - 32 */
    fe_mul(h, &t1, &t0);           /* 2^255 - 21 */
}

static uint64_t load64(const uint8_t *s) {
    uint64_t r = 0;
    for (int i = 7; i >= 0; i--) {
        r = r << 8 | s[i];
    }
    return r;
}

static void store64(uint8_t *s, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        s[i] = (uint8_t) (v >> 8 * i);
    }
}

/* 32 little-endian bytes, the top bit ignored. */
static void fe_frombytes(fe *h, const uint8_t *s) {
    h->v[0] = load64(s) & MASK51;
    h->v[1] = load64(s + 6) >> 3 & MASK51;
    h->v[2] = load64(s + 12) >> 6 & MASK51;
    h->v[3] = load64(s + 19) >> 1 & MASK51;
    h->v[4] = load64(s + 24) >> 12 & MASK51;
}

/* The canonical encoding (below p), 32 little-endian bytes. */
static void fe_tobytes(uint8_t *s, const fe *f) {
    fe h = *f;
    fe_carry(&h);
    fe_carry(&h);
    /* h < 2p now; q = 1 exactly when h >= p, i.e. when h + 19 reaches 2^255. */
    uint64_t q = (h.v[0] + 19) >> 51;
    q = (h.v[1] + q) >> 51;
    q = (h.v[2] + q) >> 51;
    q = (h.v[3] + q) >> 51;
    q = (h.v[4] + q) >> 51;
    h.v[0] += 19 * q;
    uint64_t c;
    c = h.v[0] >> 51; h.v[0] &= MASK51; h.v[1] += c;
    c = h.v[1] >> 51; h.v[1] &= MASK51; h.v[2] += c;
    c = h.v[2] >> 51; h.v[2] &= MASK51; h.v[3] += c;
    c = h.v[3] >> 51; h.v[3] &= MASK51; h.v[4] += c;
    h.v[4] &= MASK51; /* drops 2^255, which with the 19 added subtracts p */
    store64(s, h.v[0] | h.v[1] << 51);
    store64(s + 8, h.v[1] >> 13 | h.v[2] << 38);
    store64(s + 16, h.v[2] >> 26 | h.v[3] << 25);
    store64(s + 24, h.v[3] >> 39 | h.v[4] << 12);
}

/* r = f where mask is all ones, r unchanged where it is zero. */
static void fe_cmov(fe *r, const fe *f, uint64_t mask) {
    for (int i = 0; i < 5; i++) {
        r->v[i] ^= (r->v[i] ^ f->v[i]) & mask;
    }
}

/* A point in extended coordinates, t = e h (x = X/Z, y = Y/Z, x y = e h / Z). */
typedef struct {
    fe x, y, z, e, h;
} ge;

/* A point as an addend: y + x, y - x, 2 z, 2 d t. */
typedef struct {
    fe sum, difference, z2, t2d;
} ge_cached;

/* Entries 1 P .. 8 P of one row of a fixed point's table (row i holds those of 16^i P). */
#define ROW_ENTRIES 8
_Static_assert(sizeof(ge_cached) * ROW_ENTRIES * YS_ED25519_DIGITS == sizeof(uint64_t) * YS_ED25519_TABLE_WORDS,
               "a table is 64 rows of 8 cached points");

static void ge_identity(ge *p) {
    fe_zero(&p->x);
    fe_one(&p->y);
    fe_one(&p->z);
    fe_zero(&p->e);
    fe_one(&p->h);
}

static void ge_cached_identity(ge_cached *c) {
    fe_one(&c->sum);
    fe_one(&c->difference);
    fe_zero(&c->z2);
    c->z2.v[0] = 2;
    fe_zero(&c->t2d);
}

/* The encoded point: affine x then y, each 32 bytes little-endian (core's Edwards25519.decode, unchecked). */
static void ge_frombytes(ge *p, const uint8_t *s) {
    fe_frombytes(&p->x, s);
    fe_frombytes(&p->y, s + 32);
    fe_one(&p->z);
    p->e = p->x;
    p->h = p->y;
}

/* p = 2 p. */
static void ge_double(ge *p) {
    fe a, b, c, f, g;
    fe_sq(&a, &p->x);
    fe_sq(&b, &p->y);
    fe_sq(&c, &p->z);
    fe_add(&c, &c, &c);
    fe_add(&p->h, &a, &b);           /* h = x^2 + y^2 */
    fe_sub(&g, &a, &b);              /* g = x^2 - y^2 */
    fe_add(&p->e, &p->x, &p->y);
    fe_sq(&p->e, &p->e);
    fe_sub(&p->e, &p->h, &p->e);     /* e = -2 x y */
    fe_add(&f, &c, &g);
    fe_mul(&p->x, &p->e, &f);
    fe_mul(&p->y, &g, &p->h);
    fe_mul(&p->z, &f, &g);
}

/* p += q. */
static void ge_add(ge *p, const ge_cached *q) {
    fe a, b, c, d, f, g;
    fe_add(&b, &p->y, &p->x);
    fe_sub(&a, &p->y, &p->x);
    fe_mul(&a, &a, &q->difference);
    fe_mul(&b, &b, &q->sum);
    fe_mul(&c, &p->e, &p->h);
    fe_mul(&c, &c, &q->t2d);
    fe_mul(&d, &p->z, &q->z2);
    fe_add(&p->h, &b, &a);           /* the new t is e h */
    fe_sub(&p->e, &b, &a);
    fe_add(&g, &d, &c);
    fe_sub(&f, &d, &c);
    fe_mul(&p->x, &p->e, &f);
    fe_mul(&p->y, &g, &p->h);
    fe_mul(&p->z, &f, &g);
}

static void ge_to_cached(ge_cached *r, const ge *p) {
    fe_add(&r->sum, &p->y, &p->x);
    fe_sub(&r->difference, &p->y, &p->x);
    fe_add(&r->z2, &p->z, &p->z);
    fe_mul(&r->t2d, &p->e, &p->h);
    fe_mul(&r->t2d, &r->t2d, &FE_2D);
}

/* r = |digit| th entry of entries[0 .. 7] (entry j is (j + 1) P; 0 gives the identity), negated when digit < 0,
 * reading every entry whatever the digit. */
static void select_signed(ge_cached *r, const ge_cached *entries, int digit) {
    uint64_t negative = (uint64_t) (uint32_t) digit >> 31;
    uint32_t magnitude = ((uint32_t) digit ^ (uint32_t) -negative) + (uint32_t) negative;
    ge_cached_identity(r);
    for (uint32_t j = 0; j < ROW_ENTRIES; j++) {
        uint64_t mask = -(uint64_t) ((((j + 1) ^ magnitude) - 1) >> 31);
        fe_cmov(&r->sum, &entries[j].sum, mask);
        fe_cmov(&r->difference, &entries[j].difference, mask);
        fe_cmov(&r->z2, &entries[j].z2, mask);
        fe_cmov(&r->t2d, &entries[j].t2d, mask);
    }
    fe swapped_sum = r->sum;
    fe_cmov(&r->sum, &r->difference, -negative);
    fe_cmov(&r->difference, &swapped_sum, -negative);
    fe zero, minus;
    fe_zero(&zero);
    fe_sub(&minus, &zero, &r->t2d);
    fe_cmov(&r->t2d, &minus, -negative);
}

/* entries[j] = (j + 1) p for j < 8. */
static void multiples(ge_cached *entries, const ge *p) {
    ge q = *p;
    ge_to_cached(&entries[0], p);
    for (int j = 1; j < ROW_ENTRIES; j++) {
        ge_add(&q, &entries[0]);
        ge_to_cached(&entries[j], &q);
    }
}

/* r = k p, k given as 64 signed radix-16 digits: from the top, 4 doublings and one addition a digit. */
static void ge_multiply(ge *r, const ge *p, const int8_t *digits) {
    ge_cached entries[ROW_ENTRIES], q;
    multiples(entries, p);
    ge_identity(r);
    for (int i = YS_ED25519_DIGITS - 1; i >= 0; i--) {
        for (int k = 0; k < 4; k++) {
            ge_double(r);
        }
        select_signed(&q, entries, digits[i]);
        ge_add(r, &q);
    }
}

/* Points encoded in a chunk, with one field inversion for all of them (Montgomery's trick). */
#define ENCODE_CHUNK 16

static void encode_points(const ge *points, size_t n, uint8_t *out) {
    fe prefix[ENCODE_CHUNK], inverse, z_inverse, coordinate;
    for (size_t i = 0; i < n; i++) {
        if (i == 0) {
            prefix[0] = points[0].z;
        } else {
            fe_mul(&prefix[i], &prefix[i - 1], &points[i].z);
        }
    }
    fe_invert(&inverse, &prefix[n - 1]);
    for (size_t i = n; i-- > 0;) {
        if (i > 0) {
            fe_mul(&z_inverse, &inverse, &prefix[i - 1]);
            fe_mul(&inverse, &inverse, &points[i].z);
        } else {
            z_inverse = inverse;
        }
        fe_mul(&coordinate, &points[i].x, &z_inverse);
        fe_tobytes(out + i * YS_ED25519_POINT_BYTES, &coordinate);
        fe_mul(&coordinate, &points[i].y, &z_inverse);
        fe_tobytes(out + i * YS_ED25519_POINT_BYTES + 32, &coordinate);
    }
}

void ys_ed25519_multiply_points(const uint8_t *points, size_t n, const int8_t *digits, const uint8_t *step, size_t m,
                                uint8_t *out) {
    ge s, chunk[ENCODE_CHUNK];
    ge_cached step_cached;
    ge_frombytes(&s, step);
    ge_to_cached(&step_cached, &s);
    size_t filled = 0;
    uint8_t *chunk_out = out;
    for (size_t i = 0; i < n; i++) {
        ge p, r;
        ge_frombytes(&p, points + i * YS_ED25519_POINT_BYTES);
        ge_multiply(&r, &p, digits);
        for (size_t j = 0; j < m; j++) {
            if (j > 0) {
                ge_add(&r, &step_cached);
            }
            chunk[filled++] = r;
            if (filled == ENCODE_CHUNK) {
                encode_points(chunk, filled, chunk_out);
                chunk_out += filled * YS_ED25519_POINT_BYTES;
                filled = 0;
            }
        }
    }
    if (filled > 0) {
        encode_points(chunk, filled, chunk_out);
    }
}

void ys_ed25519_table(const uint8_t *point, uint64_t *table) {
    ge_cached *rows = (ge_cached *) table;
    ge base;
    ge_frombytes(&base, point);
    for (int row = 0; row < YS_ED25519_DIGITS; row++) {
        multiples(rows + row * ROW_ENTRIES, &base);
        for (int k = 0; k < 4; k++) {
            ge_double(&base);
        }
    }
}

void ys_ed25519_multiply_table(const uint64_t *table, const int8_t *digits, size_t n, uint8_t *out) {
    const ge_cached *rows = (const ge_cached *) table;
    ge chunk[ENCODE_CHUNK];
    size_t filled = 0;
    uint8_t *chunk_out = out;
    for (size_t i = 0; i < n; i++) {
        ge *r = &chunk[filled++];
        ge_identity(r);
        for (int row = 0; row < YS_ED25519_DIGITS; row++) {
            ge_cached q;
            select_signed(&q, rows + row * ROW_ENTRIES, digits[i * YS_ED25519_DIGITS + row]);
            ge_add(r, &q);
        }
        if (filled == ENCODE_CHUNK) {
            encode_points(chunk, filled, chunk_out);
            chunk_out += filled * YS_ED25519_POINT_BYTES;
            filled = 0;
        }
    }
    if (filled > 0) {
        encode_points(chunk, filled, chunk_out);
    }
}
