package dev.rocelab.api.scenario;

import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import java.util.Objects;
import java.util.OptionalInt;

/** Constructor checks shared by workloads, faults and scenarios. */
final class Validation {

  private Validation() {}

  static void positive(int value, String field) {
    if (value <= 0) {
      throw new IllegalArgumentException(field + " must be > 0 but was " + value);
    }
  }

  static void positive(DataSize value, String field) {
    Objects.requireNonNull(value, field + " must not be null");
    if (value.bytes() <= 0) {
      throw new IllegalArgumentException(field + " must be > 0B but was " + value);
    }
  }

  static void positive(SimTime value, String field) {
    Objects.requireNonNull(value, field + " must not be null");
    if (value.picos() <= 0) {
      throw new IllegalArgumentException(field + " must be > 0 but was " + value);
    }
  }

  static void dscp(OptionalInt dscp) {
    Objects.requireNonNull(dscp, "dscp must not be null");
    if (dscp.isPresent() && (dscp.getAsInt() < 0 || dscp.getAsInt() > 63)) {
      throw new IllegalArgumentException("dscp must be a DSCP 0..63 but was " + dscp.getAsInt());
    }
  }

  static String dscpSuffix(OptionalInt dscp) {
    return dscp.isPresent() ? " · dscp " + dscp.getAsInt() : "";
  }
}
