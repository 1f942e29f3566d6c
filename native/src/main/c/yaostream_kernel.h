/* The C kernel: the operations of core's Kernel SPI over 128-bit blocks laid out as in Java's long[]
 * (16 bytes per block, little-endian), so Java arrays are used in place. */
#ifndef YAOSTREAM_KERNEL_H
#define YAOSTREAM_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* 1 if this CPU has what the kernel needs (AES-NI, SSE4.1), else 0. */
int ys_cpu_supported(void);

/* The AES paths, narrowest first: 128-bit AES-NI (8 blocks in flight), VAES on 256-bit registers (AVX2), VAES on
 * 512-bit registers (AVX-512). */
enum { YS_PATH_AESNI = 0, YS_PATH_VAES256 = 1, YS_PATH_VAES512 = 2 };

/* The widest path this CPU has (CPUID, and the OS saving the registers). */
int ys_cpu_path(void);

/* The path in use: the widest the CPU has, at most the limit (ys_set_path_limit). */
int ys_path(void);

/* Uses no path wider than `limit` (a YS_PATH_ value), so one machine can run and compare the narrower paths. */
void ys_set_path_limit(int limit);


/* Picks the widest AES path the CPU has (at most the limit): once, as the library loads. */
void ys_init(void);

/* Makes key (16 bytes) the calling thread's key of pi, the public permutation of ys_fixed_key_encrypt, the hashes and
 * the walks (a session's K_pi). Each thread keeps its own expanded schedule and the key it came from, and expands
 * again only when the key differs, so every entry point can pass its kernel's key at no cost in steady state. */
void ys_use_fixed_key(const uint8_t key[16]);

/* The 11 round keys of the calling thread's key of pi (176 bytes), for code that runs AES inline. */
void ys_fixed_key_schedule(uint8_t rk[176]);

/* out[i] = AES_fixed(in[i]) under the calling thread's key (ys_use_fixed_key); in may equal out. */
void ys_fixed_key_encrypt(const uint8_t *in, uint8_t *out, size_t blocks);

/* out[i] = AES_{keys[i]}(in[i]), key schedules expanded four at a time; in may equal out. */
void ys_multi_key_encrypt(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks);

/* ys_multi_key_encrypt with each key used twice, one key schedule for both: keys 2p and 2p + 1 (of 2 * pairs)
 * encrypt in's blocks 4p..4p+3, in the order (key 2p, key 2p + 1, key 2p, key 2p + 1); in may equal out. */
void ys_multi_key_encrypt_twice(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t pairs);

/* out[i] = AES_key((counter + i, 0)), the counter block as two little-endian 64-bit words. */
void ys_ctr(const uint8_t key[16], uint64_t counter, uint8_t *out, size_t blocks);

/* The correlation-robust hash H(x, t) = AES_fixed(sigma(x) ^ t) ^ sigma(x) (core's CorrelationRobustHash) of n
 * blocks under the tweaks (first + i, domain): out block i = H(in_i, t_i); or, when offset is not NULL, out blocks
 * 2i and 2i + 1 = H(in_i, t_i) and H(in_i ^ offset, t_i). out must not overlap in. */
void ys_cr_hash_range(const uint8_t *in, uint64_t first, uint64_t domain, const uint8_t *offset, uint8_t *out,
                      size_t n);

/* The same hash of n blocks under m tweaks each, a one-hot gate's tree and leaf hashes: out block i * m + j =
 * H(in_i, (first + i * m + j, domain)) for i < n and j < m. out must not overlap in. */
void ys_cr_hash_expand(const uint8_t *in, size_t n, size_t m, uint64_t first, uint64_t domain, uint8_t *out);

/* A one-hot gate's leaf stage (core's OneHotLeaves.hashAndFold): with X_ij = H(seeds_i, (first + i * m + j, domain))
 * for the leaves i < leaves but skip (none when skip is outside 0..leaves-1) and j < m, columns block j = the XOR of
 * X_ij over the leaves, and out block o * m + j the XOR of X_ij over the leaves whose rows[i] has bit o, o < r <= 64
 * (bits of rows[i] from r on are ignored). columns (m blocks) and out (r * m blocks) are overwritten and must not
 * overlap each other, seeds or rows. The hashes go through a fixed scratch on the stack (about 25 KiB with the
 * leaf sets), a batch of leaves at a time. */
void ys_one_hot_leaves(const uint8_t *seeds, size_t leaves, size_t m, uint64_t first, uint64_t domain,
                       const uint64_t *rows, size_t r, int64_t skip, uint8_t *out, uint8_t *columns);

/* Bytes of one expanded AES-128 key: its 11 round keys. */
#define YS_SCHEDULE_BYTES 176

/* Expands n keys (16 bytes each) into schedules (YS_SCHEDULE_BYTES each), for ys_ctr_keys. */
void ys_expand_keys(const uint8_t *keys, size_t n, uint8_t *schedules);

/* ys_ctr under each of n expanded keys: out + 16 * blocks * j gets the blocks of key j. The schedules are expanded
 * once per generator, not per call: the expansion cost about as much as 64 blocks of counter mode. */
void ys_ctr_keys(const uint8_t *schedules, size_t n, uint64_t counter, uint8_t *out, size_t blocks);

/* 128 x n bit matrix: row r is n/8 bytes at in + r*n/8 (bit c = bit c%8 of byte c/8); block c of out gets
 * column c (bit r of the block = bit c of row r). n must be a multiple of 64. */
void ys_transpose128(const uint8_t *in, size_t n, uint8_t *out);

/* A linear map over blocks (a free-XOR call of a circuit of XORs): block j of out, for j < outputs, is the XOR of
 * the blocks in[terms[t]] for termStarts[j] <= t < termStarts[j + 1]. Every start and term is checked against the
 * lengths given (in entries, in blocks): returns 0, or -1 at the first one out of range. */
int ys_xor_terms(const int32_t *termStarts, int32_t startCount, const int32_t *terms, int32_t termCount, int32_t outputs,
                 const uint8_t *in, int32_t inBlocks, uint8_t *out, int32_t outBlocks);

/* int32 per gate record (op, in0, in1, out; ops as in core's GateOp): core's CompiledCircuit.GATE_STRIDE. */
#define YS_GATE_STRIDE 4

/* A walk over a compiled circuit's gate records (core's CompiledCircuit): YS_GATE_STRIDE int32 per gate, AND
 * batches as (start, length) pairs. gate, batch and index are moved on by a walk:
 * the next gate, the batch it is in or comes before, and the gate index (tweak counter) of the next AND gate. */
typedef struct {
    const int32_t *records;
    int32_t gates;
    const int32_t *batches;
    int32_t batch_count;
    int32_t gate;
    int32_t batch;
    uint64_t index;
} ys_walk;

/* The hash of a label L under tweak (t, domain): fixed-key AES with the sigma orthomorphism in one call,
 * pi(sigma(L) ^ t) ^ sigma(L); AES keyed by L (GLNP15); or GKWY20's TMMO, pi(pi(L) ^ t) ^ pi(L). Same numbers as
 * core's LabelHash. */
enum { YS_HASH_FIXED_KEY = 0, YS_HASH_KEYED = 1, YS_HASH_TMMO = 2 };

/* How a free-XOR walk garbles AND gates, with the table blocks of each: half-gates over the one-call sigma hash
 * (2), keyed (2) or TMMO (2), GRR3 (3; JustGarble's GaXR over fixed-key AES with garbled row reduction), or keyed
 * GRR3 (3; the same row reduction with each row's pad from AES keyed by its two input labels, GLNP15). Same numbers
 * as core's AndGateRule. */
enum {
    YS_RULE_HALF_GATES_SIGMA = 0,
    YS_RULE_HALF_GATES_KEYED = 1,
    YS_RULE_GRR3 = 2,
    YS_RULE_GRR3_KEYED = 3,
    YS_RULE_HALF_GATES = 4
};

/* Table blocks per AND gate under a rule. */
#define YS_RULE_BLOCKS(rule) ((rule) == YS_RULE_GRR3 || (rule) == YS_RULE_GRR3_KEYED ? 3 : 2)

/* Garbling with free XOR over the walk (core's Kernel.garbleFreeXor) by rule: zero holds the label of 0 of each
 * slot, delta the global offset; AND gate j writes its YS_RULE_BLOCKS(rule) table blocks to the next blocks of
 * tables. Stops before a constant gate, at the end, or before an AND gate whose table would pass capacity blocks.
 * Returns blocks written. */
size_t ys_free_xor_garble(ys_walk *w, int rule, uint8_t *zero, const uint8_t delta[16], uint8_t *tables,
                          size_t capacity);

/* The evaluator's side: active labels in label, tables read from tables (blocks of them). Stops before a constant
 * gate, at the end, or before an AND gate with no whole table left. Returns blocks used. */
size_t ys_free_xor_evaluate(ys_walk *w, int rule, uint8_t *label, const uint8_t *tables, size_t blocks);

/* Pieces in lockstep (core's Kernel.garbleFreeXorEach, with the same tables and labels as walking the pieces one
 * after another): each AND batch of the circuit is taken from every piece at once. A circuit whose batches are a
 * gate or two (a comparison's carry chain, an S-box) otherwise pays a whole AES pipeline's latency per batch; pieces
 * side by side fill the pipeline. Piece p's labels are slots p * slots .. of the label array; its gate indices run
 * from the walk's index + p * (its AND gates), its tables from block p * YS_RULE_BLOCKS(rule) * (its AND gates).
 * The circuit has no constant gates. Returns 0, or -1 when it has one. */
int ys_free_xor_garble_lockstep(const ys_walk *w, int rule, uint8_t *zero, int32_t slots, int32_t pieces,
                                const uint8_t delta[16], uint8_t *tables);
int ys_free_xor_evaluate_lockstep(const ys_walk *w, int rule, uint8_t *label, int32_t slots, int32_t pieces,
                                  const uint8_t *tables);

/* Whether a circuit's pieces go in lockstep: half-gates (any hash), and AND batches of fewer than
 * YS_LOCKSTEP_MEAN_BATCH gates on average (wider batches fill the pipeline themselves, and lockstep's moves of
 * records and tables would only cost). */
enum { YS_LOCKSTEP_MEAN_BATCH = 32 };
int ys_lockstep_suits(int rule, const ys_walk *w);

/* prf-only (core's PrfOnly): the garbler keeps both labels of a slot (label of 0 at block 2s, of 1 at 2s + 1), the
 * evaluator one. Every XOR and AND gate takes a gate index, in gate order.
 *
 * The free gates from the walk's gate up to the next AND batch: XOR gates write one ciphertext block each to tables;
 * copies and negations move labels. Stops before a constant, before an AND batch, at the end, or before an XOR gate
 * whose block would pass capacity. Returns the blocks written. */
size_t ys_prf_only_garble_free(ys_walk *w, uint8_t *pair, uint8_t *tables, size_t capacity);

/* AND gates first..first+n-1, a whole batch, gate indices from index: two table blocks each to tables, four bits
 * each to nibbles ((n + 1) / 2 bytes, gate k at bit 4 (k % 2) of byte k / 2), the colour of gate k's output label of
 * value 1 ^ gamma from bit 0 of colours[k] (random, the garbler's). */
void ys_prf_only_garble_ands(const int32_t *records, int32_t first, int32_t n, uint64_t index, uint8_t *pair,
                             const uint8_t *colours, uint8_t *tables, uint8_t *nibbles);

/* The evaluator's side of ys_prf_only_garble_free, reading one block per XOR gate; stops likewise, or before an XOR
 * gate with no block left. Returns the blocks used. */
size_t ys_prf_only_evaluate_free(ys_walk *w, uint8_t *label, const uint8_t *tables, size_t blocks);

/* The evaluator's side of ys_prf_only_garble_ands. Returns 0; -1 when the padding bits of an odd batch's last byte
 * are set; or 1 + k when the tables of gate k have a colour bit set (garbled material altered). */
int ys_prf_only_evaluate_ands(const int32_t *records, int32_t first, int32_t n, uint64_t index, uint8_t *label,
                              const uint8_t *tables, const uint8_t *nibbles);

/* edwards25519 for the base OTs (core's EdwardsArithmetic). A point is encoded in 64 bytes, affine x then y, each
 * 32 bytes little-endian and canonical, and must lie on the curve; a scalar k is 64 signed radix-16 digits d_i in
 * [-8, 8], k = sum d_i 16^i. Constant time in the scalars; safe to call from several threads at once. */
#define YS_ED25519_POINT_BYTES 64
#define YS_ED25519_DIGITS 64
/* 64-bit words of a fixed point's table: 64 rows of 8 multiples, 20 words each. */
#define YS_ED25519_TABLE_WORDS (64 * 8 * 20)

/* For i < n and j < m, point i m + j of out = k P_i + j S, with P_i the points, k the digits and S the step. */
void ys_ed25519_multiply_points(const uint8_t *points, size_t n, const int8_t *digits, const uint8_t *step, size_t m,
                                uint8_t *out);

/* Fills table (YS_ED25519_TABLE_WORDS words) with the multiples of point that ys_ed25519_multiply_table uses. */
void ys_ed25519_table(const uint8_t *point, uint64_t *table);

/* Point i of out = k_i P for i < n, P the point of the table and k_i the digits at digits + 64 i: 64 additions and
 * no doubling each. */
void ys_ed25519_multiply_table(const uint64_t *table, const int8_t *digits, size_t n, uint8_t *out);

/* core's PolynomialHash under the key (key_lo, key_hi): the first length bytes of data with index, 16 bytes to out.
 * Needs PCLMULQDQ, which ys_cpu_supported requires. */
/* 1 when ys_poly_hash multiplies two blocks per instruction (VPCLMULQDQ on the VAES paths). */
int ys_use_wide_clmul(void);

void ys_poly_hash(uint64_t key_lo, uint64_t key_hi, const uint8_t *data, size_t length, uint64_t index, uint8_t *out);

/* bench kernel's register floor: encrypts blocks that stay in registers `passes` times over under the thread's key, on
 * the path in use; returns how many blocks that was (yaostream_floor.c). */
uint64_t ys_fixed_key_register_loop(uint64_t passes);

#endif
