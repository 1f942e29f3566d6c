package io.yaostream;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.internal.CoreBridge;

import java.util.List;

/** The API package's side of {@link CoreBridge}: its conversions stay package-private here. */
final class CoreBridgeAccess implements CoreBridge.Access {
    static {
        CoreBridge.install(new CoreBridgeAccess());
    }

    private CoreBridgeAccess() {
    }

    @Override
    public InputFeed feed(Inputs inputs) {
        return inputs.feed();
    }

    @Override
    public Inputs inputs(InputFeed feed) {
        return Inputs.from(feed);
    }

    @Override
    public <R> SecureProgram<R> program(Program<R> program) {
        return new EngineProgram<>(java.util.Objects.requireNonNull(program, "program"));
    }

    @Override
    public <R> Program<R> engine(SecureProgram<R> program) {
        return EngineProgram.of(program);
    }

    @Override
    public ProgramContext context(Computation c) {
        return c.context();
    }

    @Override
    public TwoParty transport(TwoParty party, TransportOptions options) {
        return party.transport(options);
    }

    @Override
    public ThreeParty transport(ThreeParty party, TransportOptions options) {
        return party.transport(options);
    }

    @Override
    public TwoParty circuits(TwoParty party, List<CompiledCircuit> circuits) {
        return party.circuits(circuits);
    }

    @Override
    public ThreeParty circuits(ThreeParty party, List<CompiledCircuit> circuits) {
        return party.circuits(circuits);
    }

    @Override
    public CompiledCircuit circuit(Object definition, int[] widths, SubCircuit.Many body) {
        return CircuitCache.get(definition, widths, body);
    }

    @Override
    public BitVector[] module(Computation computation, OneHotModule module, SecretValue... args) {
        return computation.module(module, args);
    }

    @Override
    public BitString bits(PlainBits bits) {
        return bits.core();
    }

    @Override
    public PlainBits bits(BitString bits) {
        return PlainBits.of(bits);
    }
}
