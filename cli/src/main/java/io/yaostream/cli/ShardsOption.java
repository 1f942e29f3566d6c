package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.Sharded;
import io.yaostream.core.shard.ShardHello;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code --shards K}: the computation as K sessions at once over slices of the work, on one port. */
final class ShardsOption {
    @Option(names = "--shards", paramLabel = "K", description = "Run as K parallel sessions (shards) over slices of the work, all on the one "
            + "port, each its own connection, base OTs and thread, combined at the end; both parties give the same K (1 to "
            + ShardHello.MAX_SHARDS + "; default: one session, unsharded).")
    Integer count;

    /** Whether the run is sharded. */
    boolean on() {
        return count != null;
    }

    /** K, checked. */
    int count() {
        if (count < 1 || count > ShardHello.MAX_SHARDS) {
            throw new UsageError("--shards: 1 to " + ShardHello.MAX_SHARDS + ", got " + count);
        }
        return count;
    }

    /**
     * Each session's {@code and}, {@code bytes} and {@code seconds}, shards in order, for {@code --json}; {@code bytes}
     * both ways, or ({@code sentOnly}) those this party sent, as the command's own {@code bytes} counts them.
     */
    static List<Map<String, Object>> perShard(List<Result<?>> sessions, boolean sentOnly) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Result<?> r : sessions) {
            out.add(Report.fields("and", r.andGates(), "bytes", sentOnly ? r.bytesSent() : r.costs().bytes(), "seconds", r.seconds()));
        }
        return out;
    }

    /** The JSON fields a sharded run adds: {@code shards}, {@code perShard} and, where there is one, {@code combine}. */
    static Map<String, Object> fields(Sharded<?> run, boolean sentOnly) {
        Map<String, Object> m = Report.fields("shards", run.shards().size(), "perShard", perShard(run.shards(), sentOnly));
        if (run.combine() != null) {
            m.put("combine", perShard(List.of(run.combine()), sentOnly).get(0));
        }
        return m;
    }

    /** What a summary line adds: the shards and each one's AND gates and seconds, briefly. */
    static String note(Sharded<?> run) {
        StringBuilder b = new StringBuilder(", " + run.shards().size() + " shard" + (run.shards().size() == 1 ? "" : "s") + " (");
        double longest = 0;
        for (Result<?> r : run.shards()) {
            longest = Math.max(longest, r.seconds());
        }
        b.append(String.format("longest %.3f s", longest));
        if (run.combine() != null) {
            b.append(String.format(", combine %,d AND gates in %.3f s", run.combine().andGates(), run.combine().seconds()));
        }
        return b.append(')').toString();
    }
}
