package io.yaostream.spark;

import java.util.Random;

/**
 * Where a test's pair of applications listens: a random base below Linux's ephemeral range (32768 up), with room for
 * the offsets the tests add (a step each, task-port ranges up to +110). A base inside that range collided now and then
 * with the local port of some outgoing connection ("Address already in use").
 */
final class PairPorts {
    private PairPorts() {
    }

    static int base() {
        return 20000 + new Random().nextInt(12000);
    }
}
