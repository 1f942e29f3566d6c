package io.yaostream.compiler.dsl;

/**
 * S-boxes of block ciphers with the fewest AND gates known, as straight-line programs over a
 * {@link CircuitBuilder}. Bit 0 of every input and output is the least significant bit of the byte or nibble.
 */
public final class SBoxes {
    private SBoxes() {
    }

    /**
     * The AES S-box (FIPS-197 SubBytes) of an 8-bit value with 32 AND gates: Boyar and Peralta's depth-16 circuit
     * ("A small depth-16 circuit for the AES S-box", SEC 2012, with the 32-AND middle of BP10), its linear layers
     * rearranged for a small working set. BP compute 22 sums of input bits first and keep 18 of them to the last
     * AND layer, which needs 29 slots; here every AND operand is rebuilt from the input bits just before its AND
     * (XOR gates are free, slots are not), and each product is added at once into the values that use it, so the
     * compiled circuit needs 25 slots (ME-SFE's S-box: 27) in 8 AND batches (BP's order: 29 slots, 6 batches).
     * The order of the products, and their batches, were chosen by simulating the slot allocator. The paper numbers
     * bits from the most significant: its U0 is bit 7 here, and its output S0 bit 7.
     */
    public static Bits aes(CircuitBuilder b, Bits in) {
        check(in, 8);
        Bit[] u = new Bit[8];
        for (int i = 0; i < 8; i++) {
            u[i] = in.bit(7 - i);
        }
        Bit t21 = null;
        Bit t22 = null;
        Bit t23 = null;
        Bit t24 = null;
        // Phase 1: the nine products of the first AND layer in one batch, each operand rebuilt from the input bits,
        // then each product added into the values it feeds (BP's t21..t24).
        Bit y4 = y(b, u, 1, 2, 3, 7);
        Bit y8 = y(b, u, 0, 5);
        Bit y10 = y(b, u, 0, 1, 2, 3, 4, 6);
        Bit y13 = y(b, u, 0, 6);
        Bit y16 = y(b, u, 2, 4, 5, 6);
        Bit y5 = y(b, u, 1, 2, 6, 7);
        Bit y1 = y(b, u, 1, 2, 7);
        Bit y12 = y(b, u, 0, 3, 5, 6);
        Bit y15 = y(b, u, 0, 3, 4, 6);
        Bit y2 = y(b, u, 0, 1, 2, 7);
        Bit y7 = y(b, u, 1, 4, 5, 6, 7);
        Bit y3 = y(b, u, 0, 1, 2, 5, 6, 7);
        Bit y6 = y(b, u, 0, 3, 4, 6, 7);
        Bit y9 = y(b, u, 0, 3);
        Bit y11 = y(b, u, 1, 4, 5, 6);
        Bit y14 = y(b, u, 3, 5);
        Bit y17 = y(b, u, 0, 2, 3, 5);
        Bit t5 = b.and(y4, u[7]);
        Bit t15 = b.and(y8, y10);
        Bit t7 = b.and(y13, y16);
        Bit t8 = b.and(y5, y1);
        Bit t2 = b.and(y12, y15);
        Bit t10 = b.and(y2, y7);
        Bit t3 = b.and(y3, y6);
        Bit t12 = b.and(y9, y11);
        Bit t13 = b.and(y14, y17);
        t22 = t22 == null ? t5 : b.xor(t22, t5);
        t22 = t22 == null ? t15 : b.xor(t22, t15);
        t24 = t24 == null ? t15 : b.xor(t24, t15);
        t23 = t23 == null ? t7 : b.xor(t23, t7);
        t24 = t24 == null ? t7 : b.xor(t24, t7);
        t23 = t23 == null ? t8 : b.xor(t23, t8);
        t21 = t21 == null ? t2 : b.xor(t21, t2);
        t22 = t22 == null ? t2 : b.xor(t22, t2);
        t24 = t24 == null ? t10 : b.xor(t24, t10);
        t21 = t21 == null ? t3 : b.xor(t21, t3);
        t21 = t21 == null ? t12 : b.xor(t21, t12);
        t22 = t22 == null ? t12 : b.xor(t22, t12);
        t23 = t23 == null ? t12 : b.xor(t23, t12);
        t24 = t24 == null ? t12 : b.xor(t24, t12);
        t21 = t21 == null ? t13 : b.xor(t21, t13);
        t23 = t23 == null ? t13 : b.xor(t23, t13);
        t21 = b.xor(t21, y(b, u, 0, 1, 3, 4, 5, 6)); // y20
        t22 = b.xor(t22, y(b, u, 1, 2, 3, 4, 5, 6)); // y19
        t23 = b.xor(t23, y(b, u, 0, 2, 4, 5)); // y21
        t24 = b.xor(t24, y(b, u, 0, 2, 4, 5, 6)); // y18
        // Phase 2: BP's middle, the inversion in GF(2^4) (t25..t45), as the paper writes it.
        Bit t25 = b.xor(t21, t22);
        Bit t26 = b.and(t21, t23);
        Bit t27 = b.xor(t24, t26);
        Bit t28 = b.and(t25, t27);
        Bit t29 = b.xor(t28, t22);
        Bit t30 = b.xor(t23, t24);
        Bit t31 = b.xor(t22, t26);
        Bit t32 = b.and(t31, t30);
        Bit t33 = b.xor(t32, t24);
        Bit t34 = b.xor(t23, t33);
        Bit t35 = b.xor(t27, t33);
        Bit t36 = b.and(t24, t35);
        Bit t37 = b.xor(t36, t34);
        Bit t38 = b.xor(t27, t36);
        Bit t39 = b.and(t29, t38);
        Bit t40 = b.xor(t25, t39);
        Bit t41 = b.xor(t40, t37);
        Bit t42 = b.xor(t29, t33);
        Bit t43 = b.xor(t29, t40);
        Bit t44 = b.xor(t33, t37);
        Bit t45 = b.xor(t42, t41);
        // Phase 3: the last 18 ANDs in two batches of nine, each product added into the outputs that use it; the
        // four NOTs of the affine constant are free.
        Bit s0 = null;
        Bit s1 = null;
        Bit s2 = null;
        Bit s3 = null;
        Bit s4 = null;
        Bit s5 = null;
        Bit s6 = null;
        Bit s7 = null;
        Bit y16_0 = y(b, u, 2, 4, 5, 6);
        Bit y13_0 = y(b, u, 0, 6);
        Bit y4_0 = y(b, u, 1, 2, 3, 7);
        Bit y11_0 = y(b, u, 1, 4, 5, 6);
        Bit y9_0 = y(b, u, 0, 3);
        Bit y10_0 = y(b, u, 0, 1, 2, 3, 4, 6);
        Bit y8_0 = y(b, u, 0, 5);
        Bit y15_0 = y(b, u, 0, 3, 4, 6);
        Bit z3 = b.and(t43, y16_0);
        Bit z12 = b.and(t43, y13_0);
        Bit z2 = b.and(t33, u[7]);
        Bit z11 = b.and(t33, y4_0);
        Bit z6 = b.and(t42, y11_0);
        Bit z15 = b.and(t42, y9_0);
        Bit z8 = b.and(t41, y10_0);
        Bit z17 = b.and(t41, y8_0);
        Bit z0 = b.and(t44, y15_0);
        s0 = s0 == null ? z3 : b.xor(s0, z3);
        s3 = s3 == null ? z3 : b.xor(s3, z3);
        s5 = s5 == null ? z3 : b.xor(s5, z3);
        s7 = s7 == null ? z3 : b.xor(s7, z3);
        s2 = s2 == null ? z12 : b.xor(s2, z12);
        s5 = s5 == null ? z12 : b.xor(s5, z12);
        s6 = s6 == null ? z12 : b.xor(s6, z12);
        s7 = s7 == null ? z12 : b.xor(s7, z12);
        s2 = s2 == null ? z2 : b.xor(s2, z2);
        s4 = s4 == null ? z2 : b.xor(s4, z2);
        s5 = s5 == null ? z2 : b.xor(s5, z2);
        s7 = s7 == null ? z2 : b.xor(s7, z2);
        s5 = s5 == null ? z11 : b.xor(s5, z11);
        s0 = s0 == null ? z6 : b.xor(s0, z6);
        s1 = s1 == null ? z6 : b.xor(s1, z6);
        s2 = s2 == null ? z6 : b.xor(s2, z6);
        s0 = s0 == null ? z15 : b.xor(s0, z15);
        s1 = s1 == null ? z15 : b.xor(s1, z15);
        s2 = s2 == null ? z15 : b.xor(s2, z15);
        s3 = s3 == null ? z15 : b.xor(s3, z15);
        s4 = s4 == null ? z15 : b.xor(s4, z15);
        s5 = s5 == null ? z15 : b.xor(s5, z15);
        s6 = s6 == null ? z15 : b.xor(s6, z15);
        s7 = s7 == null ? z15 : b.xor(s7, z15);
        s2 = s2 == null ? z8 : b.xor(s2, z8);
        s5 = s5 == null ? z8 : b.xor(s5, z8);
        s6 = s6 == null ? z8 : b.xor(s6, z8);
        s2 = s2 == null ? z17 : b.xor(s2, z17);
        s1 = s1 == null ? z0 : b.xor(s1, z0);
        s2 = s2 == null ? z0 : b.xor(s2, z0);
        s3 = s3 == null ? z0 : b.xor(s3, z0);
        s5 = s5 == null ? z0 : b.xor(s5, z0);
        s7 = s7 == null ? z0 : b.xor(s7, z0);
        Bit y12_9 = y(b, u, 0, 3, 5, 6);
        Bit y7_9 = y(b, u, 1, 4, 5, 6, 7);
        Bit y2_9 = y(b, u, 0, 1, 2, 7);
        Bit y6_9 = y(b, u, 0, 3, 4, 6, 7);
        Bit y3_9 = y(b, u, 0, 1, 2, 5, 6, 7);
        Bit y17_9 = y(b, u, 0, 2, 3, 5);
        Bit y14_9 = y(b, u, 3, 5);
        Bit y1_9 = y(b, u, 1, 2, 7);
        Bit y5_9 = y(b, u, 1, 2, 6, 7);
        Bit z9 = b.and(t44, y12_9);
        Bit z5 = b.and(t29, y7_9);
        Bit z14 = b.and(t29, y2_9);
        Bit z1 = b.and(t37, y6_9);
        Bit z10 = b.and(t37, y3_9);
        Bit z7 = b.and(t45, y17_9);
        Bit z16 = b.and(t45, y14_9);
        Bit z4 = b.and(t40, y1_9);
        Bit z13 = b.and(t40, y5_9);
        s0 = s0 == null ? z9 : b.xor(s0, z9);
        s1 = s1 == null ? z9 : b.xor(s1, z9);
        s3 = s3 == null ? z9 : b.xor(s3, z9);
        s4 = s4 == null ? z9 : b.xor(s4, z9);
        s4 = s4 == null ? z5 : b.xor(s4, z5);
        s6 = s6 == null ? z5 : b.xor(s6, z5);
        s7 = s7 == null ? z5 : b.xor(s7, z5);
        s2 = s2 == null ? z14 : b.xor(s2, z14);
        s5 = s5 == null ? z14 : b.xor(s5, z14);
        s1 = s1 == null ? z1 : b.xor(s1, z1);
        s3 = s3 == null ? z1 : b.xor(s3, z1);
        s4 = s4 == null ? z1 : b.xor(s4, z1);
        s0 = s0 == null ? z10 : b.xor(s0, z10);
        s1 = s1 == null ? z10 : b.xor(s1, z10);
        s3 = s3 == null ? z10 : b.xor(s3, z10);
        s4 = s4 == null ? z10 : b.xor(s4, z10);
        s5 = s5 == null ? z10 : b.xor(s5, z10);
        s0 = s0 == null ? z7 : b.xor(s0, z7);
        s1 = s1 == null ? z7 : b.xor(s1, z7);
        s5 = s5 == null ? z7 : b.xor(s5, z7);
        s6 = s6 == null ? z7 : b.xor(s6, z7);
        s0 = s0 == null ? z16 : b.xor(s0, z16);
        s1 = s1 == null ? z16 : b.xor(s1, z16);
        s3 = s3 == null ? z16 : b.xor(s3, z16);
        s4 = s4 == null ? z16 : b.xor(s4, z16);
        s5 = s5 == null ? z16 : b.xor(s5, z16);
        s6 = s6 == null ? z16 : b.xor(s6, z16);
        s7 = s7 == null ? z16 : b.xor(s7, z16);
        s0 = s0 == null ? z4 : b.xor(s0, z4);
        s3 = s3 == null ? z4 : b.xor(s3, z4);
        s4 = s4 == null ? z4 : b.xor(s4, z4);
        s5 = s5 == null ? z4 : b.xor(s5, z4);
        s6 = s6 == null ? z4 : b.xor(s6, z4);
        s6 = s6 == null ? z13 : b.xor(s6, z13);
        s7 = s7 == null ? z13 : b.xor(s7, z13);
        return Bits.of(b.not(s7), b.not(s6), s5, s4, s3, b.not(s2), b.not(s1), s0);
    }

    /** The XOR of input bits {@code u[i]} for the given i (a sum of BP's top linear layer, expanded). */
    private static Bit y(CircuitBuilder b, Bit[] u, int... bits) {
        Bit sum = u[bits[0]];
        for (int i = 1; i < bits.length; i++) {
            sum = b.xor(sum, u[bits[i]]);
        }
        return sum;
    }

    /**
     * The PRESENT S-box (C, 5, 6, B, 9, 0, A, D, 3, E, F, 8, 4, 7, 1, 2) of a 4-bit value with 4 AND gates (two
     * ANDs and two ORs), the multiplicative complexity Courtois, Hulsing and Mourouzis proved optimal (CHM11/12);
     * this straight-line program is the one of Albrecht, Courtois, Hulme and Song's bitsliced PRESENT. Their X0 and
     * Y0 are bit 3 here.
     */
    public static Bits present(CircuitBuilder b, Bits in) {
        check(in, 4);
        Bit x0 = in.bit(3);
        Bit x1 = in.bit(2);
        Bit x2 = in.bit(1);
        Bit x3 = in.bit(0);
        Bit a = b.xor(x2, x1);
        Bit c = b.xor(x0, b.and(x1, a));
        Bit y3 = b.xor(x3, c);
        Bit d = b.xor(b.and(a, c), x1);
        Bit e = b.xor(a, y3);
        Bit y2 = b.xor(e, b.or(x3, d));
        Bit f = b.xor(d, b.not(x3));
        Bit y0 = b.xor(y2, f);
        Bit y1 = b.xor(c, b.or(f, e));
        return Bits.of(y3, y2, y1, y0);
    }

    private static void check(Bits in, int width) {
        if (in.width() != width) {
            throw new IllegalArgumentException("the S-box takes " + width + " bits, not " + in.width());
        }
    }
}
