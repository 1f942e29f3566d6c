package io.yaostream.core.testing;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A binary file spelled out field by field, written independently of the production writers: tests build a
 * valid file from its specification, check the writer produces the same bytes, then replace single named
 * fields to make malformed files whose broken field is known.
 */
public final class BinaryLayout {
    private record Field(String name, int size, long value, byte[] raw) {
    }

    private final List<Field> fields;

    public BinaryLayout() {
        this(new ArrayList<>());
    }

    private BinaryLayout(List<Field> fields) {
        this.fields = fields;
    }

    public BinaryLayout u8(String name, int value) {
        fields.add(new Field(name, 1, value, null));
        return this;
    }

    public BinaryLayout u16(String name, int value) {
        fields.add(new Field(name, 2, value, null));
        return this;
    }

    public BinaryLayout i32(String name, int value) {
        fields.add(new Field(name, 4, value, null));
        return this;
    }

    public BinaryLayout raw(String name, byte[] value) {
        fields.add(new Field(name, value.length, 0, value.clone()));
        return this;
    }

    /** A copy with field {@code name} (which must exist) set to {@code value}. */
    public BinaryLayout with(String name, long value) {
        List<Field> copy = new ArrayList<>(fields);
        copy.set(index(name), new Field(name, fields.get(index(name)).size(), value, null));
        return new BinaryLayout(copy);
    }

    /** A copy with field {@code name} replaced by raw bytes (of any length). */
    public BinaryLayout withRaw(String name, byte[] value) {
        List<Field> copy = new ArrayList<>(fields);
        copy.set(index(name), new Field(name, value.length, 0, value.clone()));
        return new BinaryLayout(copy);
    }

    /** Names of the 32-bit fields, in file order. */
    public List<String> int32Fields() {
        return fields.stream().filter(f -> f.size() == 4 && f.raw() == null).map(Field::name).toList();
    }

    /** Byte offset of field {@code name}. */
    public int offset(String name) {
        int off = 0;
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return off;
            }
            off += f.size();
        }
        throw new IllegalArgumentException("no field " + name);
    }

    private int index(String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no field " + name);
    }

    /** The fields, big-endian, one after another. */
    public byte[] bytes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Field f : fields) {
            if (f.raw() != null) {
                out.writeBytes(f.raw());
            } else {
                for (int i = f.size() - 1; i >= 0; i--) {
                    out.write((int) (f.value() >>> (8 * i)));
                }
            }
        }
        return out.toByteArray();
    }

    /**
     * Stores the CRC-32C of a slot-ID file's body (after the 8-byte preamble, before the last 4 bytes) in
     * its last 4 bytes, so a mutated body reaches the parser instead of failing the checksum.
     */
    public static byte[] fixSlotCrc(byte[] file) {
        if (file.length < 12) {
            return file;
        }
        byte[] r = file.clone();
        CRC32C crc = new CRC32C();
        crc.update(r, 8, r.length - 12);
        ByteBuffer.wrap(r, r.length - 4, 4).putInt((int) crc.getValue());
        return r;
    }
}
