package dev.rocelab.api.scenario;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * NCCL data types, named as nccl-tests prints them ({@code -d}).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum DataType {
  /** ncclInt8. */
  INT8("int8", 1),
  /** ncclUint8. */
  UINT8("uint8", 1),
  /** ncclInt32. */
  INT32("int32", 4),
  /** ncclUint32. */
  UINT32("uint32", 4),
  /** ncclInt64. */
  INT64("int64", 8),
  /** ncclUint64. */
  UINT64("uint64", 8),
  /** ncclFloat16. */
  HALF("half", 2),
  /** ncclFloat32, nccl-tests' default. */
  FLOAT("float", 4),
  /** ncclFloat64. */
  DOUBLE("double", 8),
  /** ncclBfloat16. */
  BFLOAT16("bfloat16", 2);

  private final String ncclName;
  private final int bytes;

  DataType(String ncclName, int bytes) {
    this.ncclName = ncclName;
    this.bytes = bytes;
  }

  /**
   * @return the name nccl-tests prints in its {@code type} column
   */
  public String ncclName() {
    return ncclName;
  }

  /**
   * @return the size of one element in bytes
   */
  public int bytes() {
    return bytes;
  }
}
