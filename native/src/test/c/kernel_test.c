/* Known-answer tests of the C kernel, run by the build (under valgrind when it is installed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yaostream_kernel.h"

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

static void hex(const char *s, uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (uint8_t) v;
    }
}

/* ---- Half-gates walks against a plain scalar reference of the same formulas ---- */

typedef struct {
    uint64_t lo, hi;
} block;

static block xorb(block a, block b) {
    block r = {a.lo ^ b.lo, a.hi ^ b.hi};
    return r;
}

static block andm(block a, int bit) {
    block r = {bit ? a.lo : 0, bit ? a.hi : 0};
    return r;
}

/* H(x, (t, 0)): fixed-key AES with sigma in one call, AES keyed by x, or TMMO pi(pi(x) ^ t) ^ pi(x). */
static block ref_hash(int hash, block x, uint64_t t) {
    block in, out;
    if (hash == YS_HASH_TMMO) {
        block p;
        ys_fixed_key_encrypt((const uint8_t *) &x, (uint8_t *) &p, 1);
        in.lo = p.lo ^ t;
        in.hi = p.hi;
        ys_fixed_key_encrypt((const uint8_t *) &in, (uint8_t *) &out, 1);
        return xorb(out, p);
    }
    if (hash == YS_HASH_KEYED) {
        in.lo = t;
        in.hi = 0;
        ys_multi_key_encrypt((const uint8_t *) &x, (const uint8_t *) &in, (uint8_t *) &out, 1);
        return out;
    }
    block sig = {x.hi, x.hi ^ x.lo};
    in.lo = sig.lo ^ t;
    in.hi = sig.hi;
    ys_fixed_key_encrypt((const uint8_t *) &in, (uint8_t *) &out, 1);
    return xorb(out, sig);
}

enum { SLOTS = 64, GATES = 60 };
static int32_t records[YS_GATE_STRIDE * GATES];
static int32_t batches[2 * GATES];
static int batch_count;

/* AND-type tables and free gates over slots 0..7 and a rotating set of outputs; one constant gate at 40; a
 * batch of 20 independent ANDs (a full step and a tail on either side) and smaller ones. */
static void make_circuit(void) {
    static const int32_t ands[8] = {1, 2, 4, 7, 8, 11, 13, 14};
    static const int32_t frees[7] = {3, 5, 6, 9, 10, 12, 16};
    int g = 0;
    batch_count = 0; /* made again for every path */
    for (int k = 0; k < 20; k++, g++) { /* independent: read 0..7, write 8.. */
        int32_t r[YS_GATE_STRIDE] = {ands[k % 8], k % 8, (3 * k + 1) % 8, 8 + k};
        memcpy(records + YS_GATE_STRIDE * g, r, sizeof r);
    }
    batches[batch_count++] = 0;
    batches[batch_count++] = 20;
    for (; g < GATES; g++) {
        int32_t *r = records + YS_GATE_STRIDE * g;
        int out = 28 + (g % 36);
        if (g == 40) {
            r[0] = 18; r[1] = -1; r[2] = -1; r[3] = out; /* ONE */
        } else if (g % 3 == 0) {
            r[0] = ands[g % 8]; r[1] = (g * 7) % 28; r[2] = (g * 5 + 3) % 28; r[3] = out;
            batches[batch_count++] = g;
            batches[batch_count++] = 1;
        } else {
            r[0] = frees[g % 7]; r[1] = (g * 11) % 28; r[2] = r[0] == 16 ? -1 : (g * 13 + 1) % 28; r[3] = out;
        }
    }
}

static int ref_form(int op) {
    static const int F[19] = {0, 8, 10, 1, 9, 2, 3, 15, 11, 7, 6, 13, 5, 14, 12, 4, 5, 0, 4};
    return F[op];
}

/* The walk of core's HalfGates, gate by gate, for comparison: zero labels, tables out; stops at a constant. */
static size_t ref_garble(int hash, block *zero, block delta, uint64_t index, block *tables, int *gate) {
    size_t t = 0;
    for (; *gate < GATES; (*gate)++) {
        const int32_t *r = records + YS_GATE_STRIDE * *gate;
        int f = ref_form(r[0]);
        if (f & 8) {
            block a0 = xorb(zero[r[1]], andm(delta, f & 1)), b0 = xorb(zero[r[2]], andm(delta, f & 2));
            uint64_t j = 2 * index++;
            block ha0 = ref_hash(hash, a0, j), ha1 = ref_hash(hash, xorb(a0, delta), j);
            block hb0 = ref_hash(hash, b0, j + 1), hb1 = ref_hash(hash, xorb(b0, delta), j + 1);
            int pa = (int) (a0.lo & 1), pb = (int) (b0.lo & 1);
            block tg = xorb(xorb(ha0, ha1), andm(delta, pb));
            block te = xorb(xorb(hb0, hb1), a0);
            block c0 = xorb(xorb(ha0, andm(tg, pa)), xorb(hb0, andm(xorb(te, a0), pb)));
            zero[r[3]] = xorb(c0, andm(delta, f & 4));
            tables[t++] = tg;
            tables[t++] = te;
        } else if ((f & 3) == 0) {
            break;
        } else {
            block v = andm(delta, f & 4);
            if (f & 1) v = xorb(v, zero[r[1]]);
            if (f & 2) v = xorb(v, zero[r[2]]);
            zero[r[3]] = v;
        }
    }
    return t;
}

/* First table block (TG of gate 0, gate index 1) as the Java kernel computes it for check_half_gates's labels:
 * pins the byte order, sigma and tweak conventions shared with Java, which the reference above could share
 * a mistake in. */
static const block KNOWN_TG[3] = {
    {0xb2ef261334a0e1cdULL, 0x25f4069e03a56e61ULL}, /* fixed key, sigma */
    {0x8e841dbbbb63c198ULL, 0xce92a2ea2437acfeULL}, /* keyed */
    {0x3e738c8d5716d5c3ULL, 0x0e0ef540d28e3e71ULL}, /* TMMO, from an independent script (Python, another AES) */
};

/* Half-gates by rule over its hash, under the thread's key of pi. */
static void check_half_gates(int hash, int rule) {
    block zero[SLOTS], ref[SLOTS], active[SLOTS], tables[2 * GATES], want[2 * GATES];
    block delta = {0x0123456789abcdefULL | 1, 0xfedcba9876543210ULL};
    for (int s = 0; s < SLOTS; s++) {
        zero[s].lo = 0x9e3779b97f4a7c15ULL * (uint64_t) (s + 1);
        zero[s].hi = 0xc2b2ae3d27d4eb4fULL * (uint64_t) (s + 7);
        ref[s] = zero[s];
        active[s] = xorb(zero[s], andm(delta, s % 3 == 0));
    }
    /* The garbler stops before the constant at gate 40, the reference likewise. */
    int gate = 0;
    size_t n_ref = ref_garble(hash, ref, delta, 1, want, &gate);
    ys_walk w = {records, GATES, batches, batch_count, 0, 0, 1};
    size_t n = ys_free_xor_garble(&w, rule, (uint8_t *) zero, (const uint8_t *) &delta, (uint8_t *) tables,
                                    2 * GATES);
    check(w.gate == 40 && gate == 40 && n == n_ref, "half-gates garble stops before the constant gate");
    check(memcmp(tables, want, n * 16) == 0, "half-gates tables match the reference");
    check(tables[0].lo == KNOWN_TG[hash].lo && tables[0].hi == KNOWN_TG[hash].hi, "half-gates known answer from Java");
    check(memcmp(zero, ref, sizeof zero) == 0, "half-gates labels match the reference");
    /* The constant (ONE): a fixed label; its active label is it ^ delta. Then the rest, two blocks at a time. */
    block constant = {42, 43};
    zero[records[YS_GATE_STRIDE * 40 + 3]] = ref[records[YS_GATE_STRIDE * 40 + 3]] = constant;
    w.gate++;
    gate++;
    size_t rest = n, step;
    while ((step = ys_free_xor_garble(&w, rule, (uint8_t *) zero, (const uint8_t *) &delta,
                                        (uint8_t *) (tables + rest), 2)) > 0) {
        rest += step;
    }
    size_t rest_ref = n_ref + ref_garble(hash, ref, delta, 1 + n_ref / 2, want + n_ref, &gate);
    check(w.gate == GATES && rest == rest_ref, "half-gates garble runs to the end with two-block buffers");
    check(memcmp(tables, want, rest * 16) == 0 && memcmp(zero, ref, sizeof zero) == 0,
          "half-gates tables and labels match the reference past the constant");
    /* The evaluator ends with the label of each slot's value: one of the garbler's two. */
    ys_walk e = {records, GATES, batches, batch_count, 0, 0, 1};
    size_t used = ys_free_xor_evaluate(&e, rule, (uint8_t *) active, (const uint8_t *) tables, rest);
    check(e.gate == 40 && used == n, "half-gates evaluate stops before the constant gate");
    active[records[YS_GATE_STRIDE * 40 + 3]] = xorb(constant, delta);
    e.gate++;
    used += ys_free_xor_evaluate(&e, rule, (uint8_t *) active, (const uint8_t *) (tables + used), rest - used);
    check(e.gate == GATES && used == rest, "half-gates evaluate uses every table");
    for (int s = 0; s < SLOTS; s++) {
        block diff = xorb(active[s], zero[s]);
        check((diff.lo == 0 && diff.hi == 0) || (diff.lo == delta.lo && diff.hi == delta.hi),
              "half-gates evaluator holds one of the two labels of every wire");
    }
}
/* Keyed GRR3 (GLNP15 Table 7 rows 7-8) on one gate of gate index 1 against docs/garbling-schemes.md section 11 (a
 * script's vectors, with another AES): AND and OR, the three table rows and the output label of 0, then the
 * evaluator's label for each of the four inputs. */
static void check_grr3_keyed_known_answers(void) {
    static const struct {
        int32_t op;
        const char *rows, *c0;
    } V[2] = {
        {1, "5b26d6f8a7a7f287ead20c616000da09" "3c9d27efef1aaf1947880afa196c886b" "0485c29ba02d8fc0caaf1fb11c23a3ec",
         "486813868c49580b2f66663696db67dd"},
        {7, "4a37c4ebb3b2e490f2cb167a7c1dc416" "2d8c35fcfb0fb90e5f9110e105719674" "0485c29ba02d8fc0caaf1fb11c23a3ec",
         "59790195985c4e1c377f7c2d8ac679c2"},
    };
    uint8_t delta[16];
    hex("111112131415161718191a1b1c1d1e1f", delta, 16);
    for (int v = 0; v < 2; v++) {
        int32_t gate[YS_GATE_STRIDE] = {V[v].op, 0, 1, 2};
        int32_t batch[2] = {0, 1};
        uint8_t zero[48] = {0}, tables[48], want_rows[48], want_c0[16];
        hex("202122232425262728292a2b2c2d2e2f", zero, 16);
        hex("313132333435363738393a3b3c3d3e3f", zero + 16, 16);
        hex(V[v].rows, want_rows, 48);
        hex(V[v].c0, want_c0, 16);
        ys_walk w = {gate, 1, batch, 1, 0, 0, 1};
        size_t n = ys_free_xor_garble(&w, YS_RULE_GRR3_KEYED, zero, delta, tables, 3);
        check(n == 3 && memcmp(tables, want_rows, 48) == 0, "grr3-keyed table rows match the known answer");
        check(memcmp(zero + 32, want_c0, 16) == 0, "grr3-keyed output label of 0 matches the known answer");
        for (int in = 0; in < 4; in++) {
            int l = in >> 1, r = in & 1, out = (V[v].op >> (3 - in)) & 1;
            uint8_t active[48] = {0};
            for (int b = 0; b < 16; b++) {
                active[b] = (uint8_t) (zero[b] ^ (l ? delta[b] : 0));
                active[16 + b] = (uint8_t) (zero[16 + b] ^ (r ? delta[b] : 0));
            }
            ys_walk e = {gate, 1, batch, 1, 0, 0, 1};
            size_t used = ys_free_xor_evaluate(&e, YS_RULE_GRR3_KEYED, active, tables, 3);
            int ok = used == 3;
            for (int b = 0; b < 16; b++) {
                ok &= active[32 + b] == (uint8_t) (zero[32 + b] ^ (out ? delta[b] : 0));
            }
            check(ok, "grr3-keyed evaluator gets the label of the gate's output value");
        }
    }
}


/* The 64 signed radix-16 digits in [-8, 8] of a 256-bit little-endian scalar below 2^255 (as core's Scalar25519). */
static void ed_digits(const uint8_t scalar[32], int8_t digits[64]) {
    int e[64];
    for (int i = 0; i < 32; i++) {
        e[2 * i] = scalar[i] & 15;
        e[2 * i + 1] = scalar[i] >> 4;
    }
    int carry = 0;
    for (int i = 0; i < 63; i++) {
        e[i] += carry;
        carry = (e[i] + 8) >> 4;
        e[i] -= carry * 16;
    }
    e[63] += carry;
    for (int i = 0; i < 64; i++) {
        digits[i] = (int8_t) e[i];
    }
}

/* Whether the point (affine x then y) is the RFC 8032 public key: y, with the parity of x in the top bit. */
static int ed_matches_public_key(const uint8_t point[64], const char *public_key_hex) {
    uint8_t want[32], got[32];
    hex(public_key_hex, want, 32);
    memcpy(got, point + 32, 32);
    got[31] |= (uint8_t) ((point[0] & 1) << 7);
    return memcmp(got, want, 32) == 0;
}

/* edwards25519: RFC 8032 §7.1 public keys from their secret scalars (SHA-512 of the secret key, clamped, computed
 * outside this test), by both multiplications; the order l of the base point; and a step chain. */
static void check_ed25519(void) {
    static const char *BASE =
        "1ad5258f602d56c9b2a7259560c72c695cdcd6fd31e2a4c0fe536ecdd3366921"
        "5866666666666666666666666666666666666666666666666666666666666666";
    static const char *SCALARS[2] = {"307c83864f2833cb427a2ef1c00a013cfdff2768d980c0a3a520f006904de94f",
                                     "68bd9ed75882d52815a97585caf4790a7f6c6b3b7f821c5e259a24b02e502e51"};
    static const char *PUBLIC_KEYS[2] = {"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
                                         "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"};
    static uint64_t table[YS_ED25519_TABLE_WORDS];
    uint8_t base[64], scalar[32], points[3 * 64], by_table[3 * 64];
    int8_t digits[3 * 64];
    hex(BASE, base, 64);
    ys_ed25519_table(base, table);
    for (int t = 0; t < 2; t++) {
        hex(SCALARS[t], scalar, 32);
        ed_digits(scalar, digits);
        ys_ed25519_multiply_table(table, digits, 1, by_table);
        check(ed_matches_public_key(by_table, PUBLIC_KEYS[t]), "ed25519 table multiplication, RFC 8032 public key");
        ys_ed25519_multiply_points(base, 1, digits, base, 1, points);
        check(ed_matches_public_key(points, PUBLIC_KEYS[t]), "ed25519 point multiplication, RFC 8032 public key");
    }
    /* k B + j B for j = 0, 1, 2 against (k + j) B from the table: the second scalar plus 1 and 2 does not carry
     * out of its first byte. */
    hex(SCALARS[1], scalar, 32);
    for (int j = 0; j < 3; j++) {
        uint8_t plus[32];
        memcpy(plus, scalar, 32);
        plus[0] = (uint8_t) (plus[0] + j);
        ed_digits(plus, digits + 64 * j);
    }
    ys_ed25519_multiply_table(table, digits, 3, by_table);
    ys_ed25519_multiply_points(base, 1, digits, base, 3, points);
    check(memcmp(points, by_table, sizeof points) == 0, "ed25519 k B + j B = (k + j) B");
    /* l B is the neutral element (0, 1). */
    static const char *ORDER = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";
    uint8_t neutral[64] = {0};
    neutral[32] = 1;
    hex(ORDER, scalar, 32);
    ed_digits(scalar, digits);
    ys_ed25519_multiply_points(base, 1, digits, base, 1, points);
    check(memcmp(points, neutral, 64) == 0, "ed25519 l B = 0");
}

static const char *PATH_NAMES[] = {"AES-NI 128-bit", "VAES-256", "VAES-512"};

/* Every known answer on the path in use. */
/* xorshift64*: deterministic test data */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dULL;
}

/* H(x, (t, domain)) one block at a time. */
static block ref_cr_hash(block x, uint64_t t, uint64_t domain) {
    block sig = {x.hi, x.hi ^ x.lo}, in = {sig.lo ^ t, sig.hi ^ domain}, out;
    ys_fixed_key_encrypt((const uint8_t *) &in, (uint8_t *) &out, 1);
    return xorb(out, sig);
}

/* The one-hot leaf stage against its definition computed a hash at a time: leaves from none to more than a batch
 * of the C scratch, m of one, odd, the register groups' divisors and multiples, and wider than the scratch (a leaf in
 * pieces); r from 0 to 64 with
 * random rows (bits past r set too, which are no outputs), rows of zero and all ones; no skip, a skipped leaf, and a
 * skip past the leaves; tweaks across 2^64. The outputs start from a filler, so a block not overwritten shows, and a
 * guard block after each must stay. */
static void check_one_hot_leaves(void) {
    static const struct {
        size_t leaves, m, r;
        int64_t skip;
    } cases[] = {{0, 5, 3, -1}, {1, 1, 1, -1}, {256, 1, 8, 17}, {1100, 1, 4, 1030}, {37, 3, 5, -1}, {64, 8, 8, 63},
                 {9, 17, 33, 0}, {64, 128, 6, 5}, {3, 600, 64, 1}, {2, 2100, 2, -1}, {40, 13, 0, -1}, {5, 7, 3, 5},
                 {30, 32, 16, 29}};
    enum { MAX_LEAVES = 1100, MAX_OUT = 64 * 600, MAX_COLUMNS = 2100 };
    static block seeds[MAX_LEAVES], out[MAX_OUT + 1], want_out[MAX_OUT], columns[MAX_COLUMNS + 1],
        want_columns[MAX_COLUMNS];
    static uint64_t rows[MAX_LEAVES];
    const block filler = {0x5a5a5a5a5a5a5a5aULL, 0xa5a5a5a5a5a5a5a5ULL};
    uint64_t state = 0x0123456789abcdefULL;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        size_t leaves = cases[c].leaves, m = cases[c].m, r = cases[c].r;
        int64_t skip = cases[c].skip;
        uint64_t first = UINT64_MAX - 100 * c, domain = next_random(&state);
        uint64_t in_table = r < 64 ? ((uint64_t) 1 << r) - 1 : ~(uint64_t) 0;
        for (size_t i = 0; i < leaves; i++) {
            seeds[i].lo = next_random(&state);
            seeds[i].hi = next_random(&state);
            rows[i] = i % 7 == 3 ? 0 : i % 7 == 5 ? ~(uint64_t) 0 : next_random(&state);
        }
        memset(want_out, 0, sizeof want_out);
        memset(want_columns, 0, sizeof want_columns);
        for (size_t i = 0; i < leaves; i++) {
            if ((int64_t) i == skip) {
                continue;
            }
            for (size_t j = 0; j < m; j++) {
                block x = ref_cr_hash(seeds[i], first + i * m + j, domain);
                want_columns[j] = xorb(want_columns[j], x);
                for (size_t o = 0; o < r; o++) {
                    if ((rows[i] & in_table) >> o & 1) {
                        want_out[o * m + j] = xorb(want_out[o * m + j], x);
                    }
                }
            }
        }
        for (size_t k = 0; k <= r * m; k++) {
            out[k] = filler;
        }
        for (size_t k = 0; k <= m; k++) {
            columns[k] = filler;
        }
        ys_one_hot_leaves((const uint8_t *) seeds, leaves, m, first, domain, rows, r, skip, (uint8_t *) out,
                          (uint8_t *) columns);
        check(memcmp(out, want_out, 16 * r * m) == 0, "one-hot leaves: outputs");
        check(memcmp(columns, want_columns, 16 * m) == 0, "one-hot leaves: columns");
        check(memcmp(&out[r * m], &filler, 16) == 0 && memcmp(&columns[m], &filler, 16) == 0,
              "one-hot leaves write no further block");
    }
}

/* The stream hash against core's Java definition (PolynomialHash, itself checked against the polynomial written out
 * with BigInteger): key 0xfedcba9876543210_0123456789abcdef, data byte i = 7i + 3, index 42; exactly `length` bytes
 * are read (the data is copied to the end of a heap block so AddressSanitizer sees an overrun). */
static void check_poly_hash(void) {
    static const struct {
        size_t length;
        uint64_t lo, hi;
    } known[] = {{0, 0x578aa23aa8755160ULL, 0x2f340d026b7045e3ULL}, {5, 0xbd2303f9b821b987ULL, 0xb6ef485ee283e4c9ULL},
                 {16, 0xb58a2fbcefc06ab1ULL, 0x8795b4eb1bea7a6aULL}, {100, 0x9301b62ab1bba9d2ULL, 0x6969e2c15652711cULL},
                 {300, 0xeca3bef92ea3dfb8ULL, 0x9cd6720ba98c0e4bULL}};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        uint8_t *data = malloc(known[k].length + 1);
        for (size_t i = 0; i < known[k].length; i++) {
            data[i] = (uint8_t) (i * 7 + 3);
        }
        uint64_t out[2];
        ys_poly_hash(0x0123456789abcdefULL, 0xfedcba9876543210ULL, data, known[k].length, 42, (uint8_t *) out);
        check(out[0] == known[k].lo && out[1] == known[k].hi, "polynomial hash: known answers");
        free(data);
    }
}

static void test_path(void) {
    uint8_t key[16], pt[16], ct[16], got[16];
    hex("000102030405060708090a0b0c0d0e0f", key, 16);
    hex("00112233445566778899aabbccddeeff", pt, 16);
    hex("69c4e0d86a7b0430d8cdb78070b4c55a", ct, 16);

    /* FIPS-197 C.1 through every AES entry point. */
    ys_use_fixed_key(key);
    printf("kernel_test: fixed-key path %s\n", PATH_NAMES[ys_path()]);
    ys_fixed_key_encrypt(pt, got, 1);
    check(memcmp(got, ct, 16) == 0, "fixed-key AES, FIPS-197 C.1");

    enum { N = 37 };
    uint8_t keys[16 * N], in[16 * N], out[16 * N];
    for (int i = 0; i < N; i++) {
        memcpy(keys + 16 * i, key, 16);
        memcpy(in + 16 * i, pt, 16);
    }
    ys_multi_key_encrypt(keys, in, out, N);
    for (int i = 0; i < N; i++) {
        check(memcmp(out + 16 * i, ct, 16) == 0, "multi-key AES, FIPS-197 C.1 in a batch of 37");
    }
    /* Each key twice: 7 pairs (a whole four and a tail on VAES-256, pairs two at a time and one on AES-NI), distinct
     * keys and blocks, against ys_multi_key_encrypt with each block's key written out (block e of pair p under key
     * 2p + e % 2). */
    uint8_t keys2[16 * 14], each[16 * 28], twice[16 * 28], once[16 * 28];
    for (int i = 0; i < 16 * 14; i++) keys2[i] = (uint8_t) (i * 7 + 3);
    for (int i = 0; i < 16 * 28; i++) twice[i] = (uint8_t) (i * 13 + 1);
    for (int b = 0; b < 28; b++) memcpy(each + 16 * b, keys2 + 16 * (2 * (b / 4) + b % 2), 16);
    ys_multi_key_encrypt(each, twice, once, 28);
    ys_multi_key_encrypt_twice(keys2, twice, twice, 7); /* in place */
    check(memcmp(twice, once, sizeof once) == 0, "multi-key AES with each key twice");
    ys_fixed_key_encrypt(in, in, N); /* in place */
    for (int i = 0; i < N; i++) {
        check(memcmp(in + 16 * i, ct, 16) == 0, "fixed-key AES in place");
    }

    /* CTR: block i is AES of the counter block (counter + i, 0); compare with single encryptions. */
    uint8_t stream[16 * N];
    ys_ctr(key, 5, stream, N);
    for (int i = 0; i < N; i++) {
        uint8_t block[16] = {0};
        uint64_t c = 5 + (uint64_t) i;
        memcpy(block, &c, 8);
        ys_fixed_key_encrypt(block, got, 1);
        check(memcmp(stream + 16 * i, got, 16) == 0, "CTR block");
    }

    /* CTR under expanded keys: key j's blocks equal ys_ctr under key j, the counter wrapping past 2^64. */
    enum { KEYS = 3 };
    uint8_t ctr_keys[16 * KEYS], schedules[YS_SCHEDULE_BYTES * KEYS], streams[16 * N * KEYS];
    for (size_t i = 0; i < sizeof ctr_keys; i++) {
        ctr_keys[i] = (uint8_t) (31 * i + 7);
    }
    ys_expand_keys(ctr_keys, KEYS, schedules);
    ys_ctr_keys(schedules, KEYS, UINT64_MAX - 20, streams, N);
    for (int j = 0; j < KEYS; j++) {
        ys_ctr(ctr_keys + 16 * j, UINT64_MAX - 20, stream, N);
        check(memcmp(streams + 16 * N * j, stream, sizeof stream) == 0, "CTR under expanded keys");
    }

    /* The hash over consecutive tweaks, plain and with an offset (140 outputs: chunks of 64 and a short one). */
    enum { HN = 70 };
    static block hin[HN], hout[2 * HN];
    block hoffset = {0x0123456789abcdefULL, 0xfedcba9876543210ULL};
    for (int i = 0; i < HN; i++) {
        hin[i].lo = 0x9e3779b97f4a7c15ULL * (uint64_t) (i + 1);
        hin[i].hi = 0xc2b2ae3d27d4eb4fULL * (uint64_t) (i + 7);
    }
    for (int with = 0; with < 2; with++) {
        ys_cr_hash_range((const uint8_t *) hin, UINT64_MAX - 3, 0x55, with ? (const uint8_t *) &hoffset : NULL,
                         (uint8_t *) hout, HN);
        for (int j = 0; j < (with ? 2 * HN : HN); j++) {
            block x = hin[with ? j / 2 : j];
            if (with && (j & 1)) {
                x = xorb(x, hoffset);
            }
            block sig = {x.hi, x.hi ^ x.lo}, in1 = {sig.lo ^ (UINT64_MAX - 3 + (uint64_t) (with ? j / 2 : j)), sig.hi ^ 0x55}, e;
            ys_fixed_key_encrypt((const uint8_t *) &in1, (uint8_t *) &e, 1);
            e = xorb(e, sig);
            check(e.lo == hout[j].lo && e.hi == hout[j].hi, with ? "hash range with offset" : "hash range");
        }
    }

    /* The hash of each input under m consecutive tweaks, for m of one (the range hash), two (the tree), the other
     * divisors of a group of outputs and its multiples (inputs sharing registers), odd and other m; outputs end inside
     * and at the end of groups and 128-bit chunks, and no further block is written. */
    enum { EOUT = 1200 };
    static block eout[EOUT + 1];
    static const size_t ems[] = {1, 2, 3, 4, 6, 7, 8, 16, 17, 24, 32, 128};
    for (size_t e = 0; e < sizeof ems / sizeof ems[0]; e++) {
        size_t m = ems[e], n = EOUT / m < HN - 1 ? EOUT / m : HN - 1;
        for (size_t cut = 0; cut < 2; cut++, n -= n > 1) { /* n inputs, then n - 1 */
            eout[n * m].lo = 0x5a5a5a5a5a5a5a5aULL;
            eout[n * m].hi = 0xa5a5a5a5a5a5a5a5ULL;
            ys_cr_hash_expand((const uint8_t *) (hin + 1), n, m, UINT64_MAX - 20, 0x66, (uint8_t *) eout);
            for (size_t k = 0; k < n * m; k++) {
                block x = hin[1 + k / m], sig = {x.hi, x.hi ^ x.lo};
                block in1 = {sig.lo ^ (UINT64_MAX - 20 + (uint64_t) k), sig.hi ^ 0x66}, want;
                ys_fixed_key_encrypt((const uint8_t *) &in1, (uint8_t *) &want, 1);
                want = xorb(want, sig);
                check(want.lo == eout[k].lo && want.hi == eout[k].hi, "hash expansion");
            }
            check(eout[n * m].lo == 0x5a5a5a5a5a5a5a5aULL && eout[n * m].hi == 0xa5a5a5a5a5a5a5a5ULL,
                  "hash expansion writes no further block");
        }
    }

    /* Transpose against the bit-by-bit definition, at widths of one, three and sixteen 64-column tiles. */
    enum { MAX_COLS = 1024 };
    static uint8_t matrix[128 * MAX_COLS / 8], cols[16 * MAX_COLS];
    srand(7);
    for (size_t i = 0; i < sizeof matrix; i++) {
        matrix[i] = (uint8_t) rand();
    }
    static const int widths[] = {64, 192, MAX_COLS};
    for (int w = 0; w < 3; w++) {
        int n = widths[w];
        ys_transpose128(matrix, (size_t) n, cols);
        for (int c = 0; c < n; c++) {
            for (int r = 0; r < 128; r++) {
                int rowBit = (matrix[r * n / 8 + c / 8] >> (c % 8)) & 1;
                int colBit = (cols[16 * c + r / 8] >> (r % 8)) & 1;
                if (rowBit != colBit) {
                    check(0, "transpose");
                    r = 128;
                    c = n;
                }
            }
        }
    }

    /* Half-gates walks (on the widest path; under valgrind, the 128-bit one). The first table block is a known
     * answer from the Java kernel, which pins the sigma and tweak conventions. */
    check_one_hot_leaves();

    make_circuit();
    check_half_gates(YS_HASH_FIXED_KEY, YS_RULE_HALF_GATES_SIGMA);
    check_half_gates(YS_HASH_KEYED, YS_RULE_HALF_GATES_KEYED);
    check_half_gates(YS_HASH_TMMO, YS_RULE_HALF_GATES);
    check_grr3_keyed_known_answers();

    check_ed25519();
    check_poly_hash();
}

int main(void) {
    if (!ys_cpu_supported()) {
        printf("kernel_test: CPU lacks AES-NI/SSE4.1, nothing to test\n");
        return 0;
    }
    /* Every path this CPU has, widest first (under valgrind, which hides AVX-512 and VAES, only the 128-bit one). */
    for (int p = ys_cpu_path(); p >= YS_PATH_AESNI; p--) {
        ys_set_path_limit(p);
        test_path();
    }
    if (failures != 0) {
        fprintf(stderr, "kernel_test: %d failures\n", failures);
        return 1;
    }
    printf("kernel_test: all known answers match on every path\n");
    return 0;
}
