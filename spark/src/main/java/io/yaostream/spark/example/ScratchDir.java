package io.yaostream.spark.example;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * A local Spark application's own folder for its scratch files ({@code spark.local.dir}: the {@code spark-*} and
 * {@code blockmgr-*} folders Spark makes), deleted when the application ends, and, where it could not be (a JVM killed
 * with SIGKILL runs no code), by the next application to start or end beside it.
 *
 * <p>Each folder, {@code yaostream-spark-PID-RANDOM}, holds a lock file that its application keeps locked as long as it
 * lives. The operating system releases that lock when the process ends, however it ends, so a folder whose lock can be
 * taken is provably stale: its application has ended. Only such folders are deleted (and one whose lock file is
 * missing and that is older than a minute: its application died as it made it); another live application's folder is
 * never touched, nor anything that is not such a folder. Symbolic links are deleted, never followed.
 */
public final class ScratchDir implements AutoCloseable {
    /** The start of every such folder's name. */
    public static final String PREFIX = "yaostream-spark-";
    static final String LOCK = "owner.lock";
    /** A folder without its lock file is left alone this long: its application may be making it right now. */
    private static final long UNLOCKED_GRACE_MILLIS = TimeUnit.MINUTES.toMillis(1);

    private final Path root;
    private final Path dir;
    private final FileChannel lockFile;
    private final FileLock lock;
    private boolean closed;

    private ScratchDir(Path root, Path dir, FileChannel lockFile, FileLock lock) {
        this.root = root;
        this.dir = dir;
        this.lockFile = lockFile;
        this.lock = lock;
    }

    /**
     * Deletes the stale folders under {@code root}, then makes and locks this application's own there. Closing it (or,
     * if the JVM ends first, a shutdown hook) deletes it.
     *
     * @param root where the folders go, such as {@code java.io.tmpdir}
     * @return the folder, locked
     * @throws IOException if it cannot be made
     */
    public static ScratchDir create(Path root) throws IOException {
        sweep(root);
        Path dir = Files.createTempDirectory(root, PREFIX + ProcessHandle.current().pid() + "-");
        FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
            throw new IOException("cannot lock " + dir.resolve(LOCK));
        }
        ScratchDir s = new ScratchDir(root, dir, channel, lock);
        onShutdown(s);
        return s;
    }

    /**
     * Closes {@code s} when the JVM ends (SIGTERM, say) before its owner could: after Spark has stopped and deleted
     * its own folders (Spark's shutdown hooks run in order of priority, and this one's is below theirs), so the two never
     * delete the same files at once. Where Spark's hook manager is not to be had, a plain hook of the JVM's.
     */
    private static void onShutdown(ScratchDir s) {
        try {
            int afterTempDirs = org.apache.spark.util.ShutdownHookManager.TEMP_DIR_SHUTDOWN_PRIORITY() - 1;
            org.apache.spark.util.ShutdownHookManager.addShutdownHook(afterTempDirs, () -> {
                s.close();
                return scala.runtime.BoxedUnit.UNIT;
            });
        } catch (LinkageError | RuntimeException e) {
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "yaostream-scratch-cleanup"));
        }
    }

    /** The folder, for {@code spark.local.dir}. */
    public Path path() {
        return dir;
    }

    /** Deletes this folder and anything stale beside it; at most once, the rest quietly. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            deleteTree(dir, dir.resolve(LOCK));
            lock.release();
            lockFile.close();
            Files.deleteIfExists(dir.resolve(LOCK));
            Files.deleteIfExists(dir);
        } catch (IOException | RuntimeException e) {
            // left for the next application's sweep
        }
        sweep(root);
    }

    /**
     * Deletes the folders under {@code root} whose applications have ended.
     *
     * @param root where the folders are
     * @return how many were deleted
     */
    public static int sweep(Path root) {
        int deleted = 0;
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(root, PREFIX + "*")) {
            for (Path folder : folders) {
                if (Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS) && deleteIfStale(folder)) {
                    deleted++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to sweep, or not now
        }
        return deleted;
    }

    /** Deletes {@code folder} if its application has ended (its lock can be taken). */
    private static boolean deleteIfStale(Path folder) throws IOException {
        Path lockPath = folder.resolve(LOCK);
        if (!Files.exists(lockPath, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            long age = System.currentTimeMillis() - Files.getLastModifiedTime(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS).toMillis();
            if (age < UNLOCKED_GRACE_MILLIS) {
                return false;
            }
            deleteTree(folder, null);
            Files.deleteIfExists(folder);
            return true;
        }
        if (!Files.isRegularFile(lockPath, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false; // not one of ours
        }
        try (FileChannel channel = FileChannel.open(lockPath, StandardOpenOption.WRITE)) {
            FileLock taken;
            try {
                taken = channel.tryLock();
            } catch (OverlappingFileLockException mine) {
                return false; // this JVM's own, alive
            }
            if (taken == null) {
                return false; // another live application's
            }
            try {
                deleteTree(folder, lockPath);
            } finally {
                taken.release();
            }
        } catch (NoSuchFileException gone) {
            return false; // deleted meanwhile by another sweep
        }
        Files.deleteIfExists(lockPath);
        Files.deleteIfExists(folder);
        return true;
    }

    /** Deletes what {@code top} holds, but {@code keep}, without following links; {@code top} itself stays. */
    private static void deleteTree(Path top, Path keep) throws IOException {
        Files.walkFileTree(top, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!file.equals(keep)) {
                    Files.deleteIfExists(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // gone meanwhile, or not ours to read: the rest goes on
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (!d.equals(top)) {
                    try {
                        Files.deleteIfExists(d);
                    } catch (java.nio.file.DirectoryNotEmptyException notEmpty) {
                        // something could not be deleted; the next sweep tries again
                    }
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
