package dev.rocelab.fabricfile;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Thrown by {@link FabricFiles#load(java.nio.file.Path)} when a fabric file has errors. Carries
 * every problem found, not just the first; the message lists them one per line.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public class FabricFileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient List<Problem> problems;

  /**
   * Creates the exception.
   *
   * @param problems the problems, at least one error among them; never null
   */
  public FabricFileException(List<Problem> problems) {
    super(problems.stream().map(Problem::toString).collect(Collectors.joining("\n")));
    this.problems = List.copyOf(problems);
  }

  /**
   * @return every problem of the file (errors and drift), in file order; never empty
   */
  public List<Problem> problems() {
    return problems;
  }
}
