package dev.rocelab.alerting;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * {@code promtool check rules} rejected a rule file; the message names the file and carries
 * promtool's own report.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class InvalidRuleFileException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String file;

  /**
   * @param file the rule file's name
   * @param promtoolOutput what promtool said
   */
  public InvalidRuleFileException(String file, String promtoolOutput) {
    super("rule file " + file + " is rejected by promtool check rules:\n" + promtoolOutput.strip());
    this.file = file;
  }

  /**
   * @return the rule file's name
   */
  public String file() {
    return file;
  }
}
