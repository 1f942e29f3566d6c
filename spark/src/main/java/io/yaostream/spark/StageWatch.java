package io.yaostream.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.ExceptionFailure;
import org.apache.spark.TaskEndReason;
import scala.jdk.javaapi.CollectionConverters;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns off retries for the secure stage: at the first task of it that fails (not one Spark stopped), the job is
 * cancelled at once, before Spark can resubmit the stage to run one party's shards without the other's, and the
 * failure is kept in one line for the run's error.
 */
final class StageWatch extends SparkListener {
    private final JavaSparkContext sc;
    private final String group;
    private final Set<Integer> stages = ConcurrentHashMap.newKeySet();
    private volatile String firstFailure;
    private volatile boolean firstLostItsLink;

    StageWatch(JavaSparkContext sc, String group) {
        this.sc = sc;
        this.group = group;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        java.util.Properties p = start.properties();
        if (p != null && group.equals(p.getProperty("spark.jobGroup.id"))) {
            for (StageInfo s : CollectionConverters.asJava(start.stageInfos())) {
                stages.add(s.stageId());
            }
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (!stages.contains(end.stageId()) || !end.taskInfo().failed()) {
            return;
        }
        TaskEndReason reason = end.reason();
        String why = reason instanceof ExceptionFailure f ? f.description()
                : reason instanceof org.apache.spark.TaskFailedReason f ? f.toErrorString() : String.valueOf(reason);
        synchronized (this) {
            if (firstFailure != null) {
                return;
            }
            firstFailure = firstLine(why);
            firstLostItsLink = reason instanceof ExceptionFailure f && f.className().equals(ShardTask.LinkLost.class.getName());
            notifyAll();
        }
        cancel(firstFailure);
    }

    /** Cancels the secure stage's job, if it still runs, for {@code why}. */
    void cancel(String why) {
        try {
            sc.sc().cancelJobGroup(group, why);
        } catch (IllegalStateException stopped) {
            // the application has stopped: nothing runs to cancel
        }
    }

    /** Whether the first failed task failed because its link to the peer's task did ({@link ShardTask.LinkLost}). */
    boolean firstLostItsLink() {
        return firstLostItsLink;
    }

    /** The first failed task's failure, in one line, waiting up to {@code millis} for its event; null if none came. */
    synchronized String awaitFailure(long millis) {
        Await.until(this, () -> firstFailure != null, millis);
        return firstFailure;
    }

    static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
