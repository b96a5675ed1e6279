package dev.rocelab.api.fabric;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The fabric lacks the shape a check needs — no redundant uplink to fail on a single-spine fabric,
 * no second host to send from — so the check does not apply to it. Not a finding about the fabric
 * and not an error of the harness: the JUnit extension reports such a test as <em>not
 * applicable</em> (skipped in Allure, with the reason), and the sign-off lists it apart, never as
 * passed.
 *
 * @since 0.3
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class MissingShapeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** How a not-applicable test's reason starts in its report, so the sign-off can tell it. */
  public static final String NOT_APPLICABLE = "not applicable: ";

  /**
   * @param reason what the fabric lacks, e.g. {@code "no leaf of fabric x has two uplinks"}
   */
  public MissingShapeException(String reason) {
    super(reason);
  }

  /**
   * Makes a check not applicable unless the fabric has the shape it needs, e.g. {@code
   * MissingShapeException.unless(hosts >= 4, "two tenants need at least 4 hosts")} — for a suite's
   * own conditions, as JUnit's {@code assumeTrue} but reported as not applicable rather than
   * skipped.
   *
   * @param hasShape whether the fabric has what the check needs
   * @param missing what it lacks, when it does not
   * @throws MissingShapeException if {@code hasShape} is false
   */
  public static void unless(boolean hasShape, String missing) {
    if (!hasShape) {
      throw new MissingShapeException(missing);
    }
  }

  /**
   * @return the reason as a test report gives it: {@value #NOT_APPLICABLE} and the reason
   */
  public String reportText() {
    return NOT_APPLICABLE + getMessage();
  }

  /**
   * @param message a skipped test's reason as its report gives it; may be null
   * @return whether the test was skipped because it does not apply to the fabric
   */
  public static boolean isNotApplicable(String message) {
    return message != null && message.startsWith(NOT_APPLICABLE);
  }
}
