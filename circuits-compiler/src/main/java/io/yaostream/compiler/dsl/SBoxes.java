package io.yaostream.compiler.dsl;

/**
 * S-boxes of block ciphers with the fewest AND gates known, as straight-line programs over a
 * {@link CircuitBuilder}. Bit 0 of every input and output is the least significant bit of the byte or nibble.
 */
public final class SBoxes {
    private SBoxes() {
    }

    /**
     * The AES S-box (FIPS-197 SubBytes) of an 8-bit value: Boyar and Peralta's depth-16 circuit ("A small
     * depth-16 circuit for the AES S-box", SEC 2012; the 32-AND middle of BP10), 32 AND gates and 83 XOR/XNOR.
     * The paper numbers bits from the most significant: its U0 is bit 7 here and its S0 output bit 7.
     */
    public static Bits aes(CircuitBuilder b, Bits in) {
        check(in, 8);
        Bit x0 = in.bit(7);
        Bit x1 = in.bit(6);
        Bit x2 = in.bit(5);
        Bit x3 = in.bit(4);
        Bit x4 = in.bit(3);
        Bit x5 = in.bit(2);
        Bit x6 = in.bit(1);
        Bit x7 = in.bit(0);

        // Top linear layer: 23 XORs.
        Bit y14 = b.xor(x3, x5);
        Bit y13 = b.xor(x0, x6);
        Bit y9 = b.xor(x0, x3);
        Bit y8 = b.xor(x0, x5);
        Bit t0 = b.xor(x1, x2);
        Bit y1 = b.xor(t0, x7);
        Bit y4 = b.xor(y1, x3);
        Bit y12 = b.xor(y13, y14);
        Bit y2 = b.xor(y1, x0);
        Bit y5 = b.xor(y1, x6);
        Bit y3 = b.xor(y5, y8);
        Bit t1 = b.xor(x4, y12);
        Bit y15 = b.xor(t1, x5);
        Bit y20 = b.xor(t1, x1);
        Bit y6 = b.xor(y15, x7);
        Bit y10 = b.xor(y15, t0);
        Bit y11 = b.xor(y20, y9);
        Bit y7 = b.xor(x7, y11);
        Bit y17 = b.xor(y10, y11);
        Bit y19 = b.xor(y10, y8);
        Bit y16 = b.xor(t0, y11);
        Bit y21 = b.xor(y13, y16);
        Bit y18 = b.xor(x0, y16);

        // Middle, non-linear: inversion in GF(2^4)-tower form, 32 ANDs.
        Bit t2 = b.and(y12, y15);
        Bit t3 = b.and(y3, y6);
        Bit t4 = b.xor(t3, t2);
        Bit t5 = b.and(y4, x7);
        Bit t6 = b.xor(t5, t2);
        Bit t7 = b.and(y13, y16);
        Bit t8 = b.and(y5, y1);
        Bit t9 = b.xor(t8, t7);
        Bit t10 = b.and(y2, y7);
        Bit t11 = b.xor(t10, t7);
        Bit t12 = b.and(y9, y11);
        Bit t13 = b.and(y14, y17);
        Bit t14 = b.xor(t13, t12);
        Bit t15 = b.and(y8, y10);
        Bit t16 = b.xor(t15, t12);
        Bit t17 = b.xor(t4, t14);
        Bit t18 = b.xor(t6, t16);
        Bit t19 = b.xor(t9, t14);
        Bit t20 = b.xor(t11, t16);
        Bit t21 = b.xor(t17, y20);
        Bit t22 = b.xor(t18, y19);
        Bit t23 = b.xor(t19, y21);
        Bit t24 = b.xor(t20, y18);

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
        Bit z0 = b.and(t44, y15);
        Bit z1 = b.and(t37, y6);
        Bit z2 = b.and(t33, x7);
        Bit z3 = b.and(t43, y16);
        Bit z4 = b.and(t40, y1);
        Bit z5 = b.and(t29, y7);
        Bit z6 = b.and(t42, y11);
        Bit z7 = b.and(t45, y17);
        Bit z8 = b.and(t41, y10);
        Bit z9 = b.and(t44, y12);
        Bit z10 = b.and(t37, y3);
        Bit z11 = b.and(t33, y4);
        Bit z12 = b.and(t43, y13);
        Bit z13 = b.and(t40, y5);
        Bit z14 = b.and(t29, y2);
        Bit z15 = b.and(t42, y9);
        Bit z16 = b.and(t45, y14);
        Bit z17 = b.and(t41, y8);

        // Bottom linear layer, with the affine constant as four free NOTs.
        Bit t46 = b.xor(z15, z16);
        Bit t47 = b.xor(z10, z11);
        Bit t48 = b.xor(z5, z13);
        Bit t49 = b.xor(z9, z10);
        Bit t50 = b.xor(z2, z12);
        Bit t51 = b.xor(z2, z5);
        Bit t52 = b.xor(z7, z8);
        Bit t53 = b.xor(z0, z3);
        Bit t54 = b.xor(z6, z7);
        Bit t55 = b.xor(z16, z17);
        Bit t56 = b.xor(z12, t48);
        Bit t57 = b.xor(t50, t53);
        Bit t58 = b.xor(z4, t46);
        Bit t59 = b.xor(z3, t54);
        Bit t60 = b.xor(t46, t57);
        Bit t61 = b.xor(z14, t57);
        Bit t62 = b.xor(t52, t58);
        Bit t63 = b.xor(t49, t58);
        Bit t64 = b.xor(z4, t59);
        Bit t65 = b.xor(t61, t62);
        Bit t66 = b.xor(z1, t63);
        Bit s0 = b.xor(t59, t63);
        Bit s6 = b.not(b.xor(t56, t62));
        Bit s7 = b.not(b.xor(t48, t60));
        Bit t67 = b.xor(t64, t65);
        Bit s3 = b.xor(t53, t66);
        Bit s4 = b.xor(t51, t66);
        Bit s5 = b.xor(t47, t65);
        Bit s1 = b.not(b.xor(t64, s3));
        Bit s2 = b.not(b.xor(t55, t67));
        return Bits.of(s7, s6, s5, s4, s3, s2, s1, s0);
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
