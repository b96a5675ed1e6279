package dev.rocelab.calibration.internal.fit;

/**
 * Whether a CMA-ES run has converged: its best cost at or below the noise floor and no {@link
 * #PROGRESS} over a window of evaluations.
 */
final class Convergence {

  /**
   * The least fall of a CMA-ES run's best cost that counts as progress: one unit of the weighted
   * sum of squares, a single measurement moving by its noise. Less is the fit chasing the model's
   * noise, which moves no value by more than its error.
   */
  static final double PROGRESS = 1;

  /** Ends a CMA-ES run that has converged ({@link GroupOptimiser}). */
  static final class Converged extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Converged() {
      super("converged", null, false, false);
    }
  }

  private final double floor;
  private final int window;
  private double mark;
  private int evaluations;
  private int lastProgress;

  /**
   * @param floor the cost at which the measurements lie within their noise
   * @param window how many evaluations without progress end a run at the floor
   */
  Convergence(double floor, int window) {
    this.floor = floor;
    this.window = window;
  }

  /** A run starts from a point of this cost. */
  void start(double cost) {
    mark = cost;
    evaluations = 0;
    lastProgress = 0;
  }

  /**
   * One more evaluation.
   *
   * @param best the best cost seen so far
   * @throws Converged where the run has converged
   */
  void evaluated(double best) {
    evaluations++;
    if (best <= mark - PROGRESS) {
      mark = best;
      lastProgress = evaluations;
    }
    if (best <= floor && evaluations - lastProgress >= window) {
      throw new Converged();
    }
  }
}
