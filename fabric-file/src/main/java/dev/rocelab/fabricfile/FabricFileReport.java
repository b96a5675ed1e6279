package dev.rocelab.fabricfile;

import static org.apiguardian.api.API.Status.STABLE;

import dev.rocelab.api.fabric.FabricSpec;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The outcome of {@linkplain FabricFiles#check(java.nio.file.Path) checking} a fabric file: the
 * loaded fabric, if it has no errors, and every problem found.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class FabricFileReport {

  private final String file;
  private final FabricSpec spec;
  private final List<Problem> problems;

  FabricFileReport(String file, FabricSpec spec, List<Problem> problems) {
    this.file = file;
    this.problems = List.copyOf(problems);
    this.spec = errorsIn(this.problems).isEmpty() ? spec : null;
    if (this.spec == null && this.problems.stream().noneMatch(Problem::isError)) {
      throw new IllegalStateException("a report without errors must carry the fabric");
    }
  }

  /**
   * @return the file name as it was given
   */
  public String file() {
    return file;
  }

  /**
   * @return the fabric, present exactly when there are no {@linkplain #errors() errors}
   */
  public Optional<FabricSpec> spec() {
    return Optional.ofNullable(spec);
  }

  /**
   * @return every problem, errors and drift, in file order; never null
   */
  public List<Problem> problems() {
    return problems;
  }

  /**
   * @return the problems that make the fabric unusable, in file order
   */
  public List<Problem> errors() {
    return errorsIn(problems);
  }

  /**
   * @return the drift findings (the fabric loads, but the LABORATORY phase fails on them), in file
   *     order
   */
  public List<Problem> drift() {
    return problems.stream().filter(p -> !p.isError()).toList();
  }

  /**
   * @return whether the file has errors
   */
  public boolean hasErrors() {
    return spec == null;
  }

  /**
   * The fabric, or an exception listing every problem.
   *
   * @return the fabric
   * @throws FabricFileException if the file has errors
   */
  public FabricSpec orElseThrow() {
    if (spec == null) {
      throw new FabricFileException(problems);
    }
    return spec;
  }

  @Override
  public String toString() {
    return file + ": " + errors().size() + " error(s), " + drift().size() + " drift finding(s)";
  }

  private static List<Problem> errorsIn(List<Problem> problems) {
    return problems.stream().filter(Problem::isError).toList();
  }
}
