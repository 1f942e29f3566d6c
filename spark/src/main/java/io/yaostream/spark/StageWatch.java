package io.yaostream.spark;

import org.apache.spark.ExceptionFailure;
import org.apache.spark.TaskEndReason;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import scala.jdk.javaapi.CollectionConverters;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Watches a run's two jobs, each in a job group of its own. The secure stage's job has its retries turned off: at the
 * first of its tasks that fails (not one Spark stopped), the job is cancelled at once, before Spark can resubmit the
 * stage to run one party's shards without the other's. The preparing job (reading and partitioning the rows) is left
 * to Spark's own retries, as any job is. Of each, the first task failure is kept in one line for the run's error.
 */
final class StageWatch extends SparkListener {
    private final JavaSparkContext sc;
    private final String secureGroup;
    private final String prepareGroup;
    private final Set<Integer> secureStages = ConcurrentHashMap.newKeySet();
    private final Set<Integer> prepareStages = ConcurrentHashMap.newKeySet();
    private String secureFailure;
    private String prepareFailure;
    private volatile boolean secureLostItsLink;

    StageWatch(JavaSparkContext sc, String secureGroup, String prepareGroup) {
        this.sc = sc;
        this.secureGroup = secureGroup;
        this.prepareGroup = prepareGroup;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        java.util.Properties p = start.properties();
        String group = p == null ? null : p.getProperty("spark.jobGroup.id");
        Set<Integer> stages = secureGroup.equals(group) ? secureStages : prepareGroup.equals(group) ? prepareStages : null;
        if (stages != null) {
            for (StageInfo s : CollectionConverters.asJava(start.stageInfos())) {
                stages.add(s.stageId());
            }
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        boolean secure = secureStages.contains(end.stageId());
        if (!secure && !prepareStages.contains(end.stageId()) || !end.taskInfo().failed()) {
            return;
        }
        TaskEndReason reason = end.reason();
        String why = firstLine(reason instanceof ExceptionFailure f ? f.description()
                : reason instanceof org.apache.spark.TaskFailedReason f ? f.toErrorString() : String.valueOf(reason));
        synchronized (this) {
            if (!secure) {
                prepareFailure = prepareFailure == null ? why : prepareFailure;
                notifyAll();
                return;
            }
            if (secureFailure != null) {
                return;
            }
            secureFailure = why;
            secureLostItsLink = reason instanceof ExceptionFailure f && f.className().equals(ShardTask.LinkLost.class.getName());
            notifyAll();
        }
        cancel(why);
    }

    /** Cancels both of the run's jobs, those that still run, for {@code why}. */
    void cancel(String why) {
        try {
            sc.sc().cancelJobGroup(prepareGroup, why);
            sc.sc().cancelJobGroup(secureGroup, why);
        } catch (IllegalStateException stopped) {
            // the application has stopped: nothing runs to cancel
        }
    }

    /** Whether the secure stage's first failed task failed because its link to the peer's task did ({@link ShardTask.LinkLost}). */
    boolean secureLostItsLink() {
        return secureLostItsLink;
    }

    /**
     * The first failed task of the secure stage (or, with {@code secure} false, of the preparing job), in one line,
     * waiting up to {@code millis} for its event (Spark delivers it apart from the job's failure); null if none came.
     */
    synchronized String awaitFailure(boolean secure, long millis) {
        Await.until(this, () -> (secure ? secureFailure : prepareFailure) != null, millis);
        return secure ? secureFailure : prepareFailure;
    }

    static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
