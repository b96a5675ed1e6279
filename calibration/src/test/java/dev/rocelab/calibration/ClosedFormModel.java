package dev.rocelab.calibration;

import dev.rocelab.api.backend.Capability;
import dev.rocelab.api.backend.FabricBackend;
import dev.rocelab.api.backend.FabricBackends;
import dev.rocelab.api.backend.FabricSession;
import dev.rocelab.api.backend.ScenarioRun;
import dev.rocelab.api.fabric.Endpoint;
import dev.rocelab.api.fabric.FabricGraph;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.result.FlowResult;
import dev.rocelab.api.result.LatencySummary;
import dev.rocelab.api.result.PortStats;
import dev.rocelab.api.result.RunResult;
import dev.rocelab.api.result.StopReason;
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.calibration.internal.FabricSettings;
import dev.rocelab.calibration.internal.LogScale;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * A closed-form twin of the model for the fit's arithmetic: every measurement of the ping-pong and
 * of the three steps DCQCN shapes is, on the logarithmic scale the fit compares on (counts offset
 * by one), the fabric file's value plus a fixed linear combination of the logarithms of the
 * parameters over their file values. The answers the fit must give are then known exactly: the
 * elasticities are the {@link #exponent exponents}, the weighted least-squares fit of a lab whose
 * values are others is the lab's values, a held setting moves the fit by the least-squares
 * projection of its column, and a lab at another α gain is reproduced by the group's values as far
 * as the gain's column lies in their span. It has no noise: every seed measures alike.
 *
 * <ul>
 *   <li>The switch latency alone sets the one-way latency, to the power {@value #LATENCY}.
 *   <li>The DCQCN group's five parameters ({@link #GROUP}) set the nine measurements of the three
 *       DCQCN steps by the matrix {@link #DCQCN}, of full column rank: each is identified.
 *   <li>The α gain acts as a CNP interval {@value #GAIN_AS_CNP} times its change would ({@link
 *       #GAIN_AS_CNP}), plus {@link #GAIN_OWN}, a column no combination of the group's can give: a
 *       gain far enough from the file's (1024/1024 where it says 5/1024) misses the longest
 *       completions, one near it (2/1024) does not.
 *   <li>R_AI acts as the increase timer to the power {@value #R_AI_AS_TIMER}: twice the file's R_AI
 *       reads as a timer 2<sup>-0.8</sup> times the lab's. No other held setting moves anything.
 * </ul>
 *
 * Every other step is not the twin's to run.
 */
public final class ClosedFormModel implements FabricBackend {

  /** The steps the twin runs. */
  public static final Set<CalibrationStep> STEPS =
      EnumSet.of(
          CalibrationStep.PING_PONG,
          CalibrationStep.ECN_INCAST,
          CalibrationStep.DEEP_INCAST,
          CalibrationStep.RATE_RECOVERY);

  /** A lab whose every parameter of the group is another than the file's, within a factor of 2. */
  public static Map<CalibratedParameter, Double> hiddenSet() {
    return CalibratorTest.values(
        CalibratedParameter.SWITCH_LATENCY, 850,
        CalibratedParameter.ECN_KMIN, 600,
        CalibratedParameter.ECN_KMAX, 1200,
        CalibratedParameter.CNP_INTERVAL, 6,
        CalibratedParameter.RATE_INCREASE_TIMER, 200,
        CalibratedParameter.BYTE_COUNTER, 1024);
  }

  /** The one-way latency's exponent of the switch latency. */
  static final double LATENCY = 0.7;

  /** The DCQCN group, the columns of {@link #DCQCN}. */
  public static final List<CalibratedParameter> GROUP =
      List.of(
          CalibratedParameter.ECN_KMIN,
          CalibratedParameter.ECN_KMAX,
          CalibratedParameter.CNP_INTERVAL,
          CalibratedParameter.RATE_INCREASE_TIMER,
          CalibratedParameter.BYTE_COUNTER);

  /** The DCQCN steps' measurements, the rows of {@link #DCQCN}, in the fit's order. */
  public static final List<Observable> DCQCN_MEASUREMENTS =
      Stream.of(
              CalibrationStep.ECN_INCAST,
              CalibrationStep.DEEP_INCAST,
              CalibrationStep.RATE_RECOVERY)
          .flatMap(s -> s.observables().stream())
          .toList();

  /** Each DCQCN measurement's exponents of the group's parameters. */
  public static final double[][] DCQCN = {
    // 2:1 incast: ECN marks, peak queue, longest completion
    {-1.0, -0.5, 0, 0, 0},
    {0.5, 1.0, 0, 0, 0},
    {0, 0, 0.5, 0, 0},
    // N:1 incast: pauses, peak queue, ECN marks, longest completion
    {0, 0, 1.0, 0.3, 0},
    {0.3, 0.3, 0, 0, 0},
    {-0.5, 0, -0.5, 0, 0.5},
    {0, 0, 0.5, 0.5, 0},
    // DCQCN recovery: throughput, ECN marks
    {0, 0, 0, -1.0, -0.5},
    {0, 0, -0.3, 0.5, 1.0}
  };

  /** The α gain acts as a CNP interval this many times its logarithmic change would. */
  static final double GAIN_AS_CNP = -0.5;

  /**
   * The α gain's own column: the part of its effect no combination of the group's parameters gives,
   * orthogonal to {@link #DCQCN}'s columns, largest on the longest completions (a twentieth of the
   * gain's logarithmic change at most).
   */
  static final double[] GAIN_OWN = gainOwn();

  /** R_AI acts as the increase timer to this power. */
  static final double R_AI_AS_TIMER = -0.8;

  /** The DCQCN measurements at the fabric file's values, in the metrics' units. */
  private static final double[] DCQCN_AT_FILE = {
    300_000, 1200, 1050, 110_000, 5200, 1_170_000, 1750, 244, 190_000
  };

  /** The one-way latency at the fabric file's switch latency, µs. */
  private static final double LATENCY_AT_FILE = 2.5;

  /** The bytes of every step's one flow. */
  private static final DataSize FLOW = DataSize.mib(64);

  private final FabricSpec file;

  /**
   * @param file the fabric file whose values the measurements are at their file values with
   */
  public ClosedFormModel(FabricSpec file) {
    this.file = file;
  }

  /**
   * The local standard errors of the group's logarithms: the square roots of the diagonal of {@code
   * σ²(EᵀE)⁻¹}, E the twin's exponents and σ the noise.
   *
   * @param noise every measurement's noise
   * @return one error per parameter of the group
   */
  public static double[] localErrors(double noise) {
    RealMatrix e = new Array2DRowRealMatrix(ClosedFormModel.DCQCN);
    RealMatrix inverse = new LUDecomposition(e.transpose().multiply(e)).getSolver().getInverse();
    double[] errors = new double[ClosedFormModel.GROUP.size()];
    for (int c = 0; c < errors.length; c++) {
      errors[c] = noise * Math.sqrt(inverse.getEntry(c, c));
    }
    return errors;
  }

  /**
   * The exponent of a parameter in a measurement of the twin.
   *
   * @param o a measurement of the ping-pong or of a DCQCN step
   * @param p a parameter
   * @return d ln(value) / d ln(parameter), counts offset by one
   */
  static double exponent(Observable o, CalibratedParameter p) {
    if (o.step() == CalibrationStep.PING_PONG) {
      return p == CalibratedParameter.SWITCH_LATENCY ? LATENCY : 0;
    }
    int row = DCQCN_MEASUREMENTS.indexOf(o);
    if (p == CalibratedParameter.ALPHA_GAIN) {
      return GAIN_AS_CNP * DCQCN[row][GROUP.indexOf(CalibratedParameter.CNP_INTERVAL)]
          + GAIN_OWN[row];
    }
    int column = GROUP.indexOf(p);
    return column < 0 ? 0 : DCQCN[row][column];
  }

  @Override
  public String id() {
    return "closed-form";
  }

  @Override
  public Set<Capability> capabilities() {
    return FabricBackends.require("model").capabilities();
  }

  @Override
  public FabricSession open(FabricSpec spec) {
    return new FabricSession() {
      @Override
      public FabricSpec fabric() {
        return spec;
      }

      @Override
      public FabricBackend backend() {
        return ClosedFormModel.this;
      }

      @Override
      public ScenarioRun start(Scenario scenario) {
        return ScenarioRun.completed(measure(spec, scenario));
      }

      @Override
      public void close() {}
    };
  }

  private RunResult measure(FabricSpec spec, Scenario scenario) {
    CalibrationStep step =
        Stream.of(CalibrationStep.values())
            .filter(s -> scenario.name().equals("calibration · " + s.title()))
            .findFirst()
            .filter(s -> s == CalibrationStep.PING_PONG || s.shapedByDcqcn())
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "the closed-form twin runs the ping-pong and the DCQCN steps, not "
                            + scenario.name()));
    Map<Metric, Double> values = new EnumMap<>(Metric.class);
    for (Observable o : step.observables()) {
      double offset = LogScale.log(o.metric(), valueAtFile(o));
      for (CalibratedParameter p : CalibratedParameter.values()) {
        double e = exponent(o, p);
        if (e != 0) {
          offset += e * Math.log(p.in(spec).orElseThrow() / p.in(file).orElseThrow());
        }
      }
      int timer = GROUP.indexOf(CalibratedParameter.RATE_INCREASE_TIMER);
      if (step.shapedByDcqcn()) {
        offset +=
            R_AI_AS_TIMER
                * DCQCN[DCQCN_MEASUREMENTS.indexOf(o)][timer]
                * Math.log(additiveIncrease(spec) / additiveIncrease(file));
      }
      // back from the log scale: a count's offset is the value whose log is that of none
      values.put(o.metric(), Math.exp(offset) - Math.exp(LogScale.log(o.metric(), 0)));
    }
    return result(spec, scenario, values);
  }

  private static double valueAtFile(Observable o) {
    return o.step() == CalibrationStep.PING_PONG
        ? LATENCY_AT_FILE
        : DCQCN_AT_FILE[DCQCN_MEASUREMENTS.indexOf(o)];
  }

  private static double additiveIncrease(FabricSpec spec) {
    return FabricSettings.dcqcn(spec).orElseThrow().additiveIncrease().bitsPerSecond();
  }

  /** A run whose one flow and one switch port carry the values, as {@link Metric#of} reads them. */
  private static RunResult result(FabricSpec spec, Scenario scenario, Map<Metric, Double> values) {
    FabricGraph graph = FabricGraph.of(spec);
    Endpoint source = graph.nics().get(0);
    Endpoint destination = graph.nics().get(graph.nics().size() - 1);
    Endpoint leafPort = graph.linkAt(destination).orElseThrow().peerOf(destination);
    SimTime completion =
        values.containsKey(Metric.THROUGHPUT)
            ? SimTime.picos(Math.round(FLOW.bits() / (values.get(Metric.THROUGHPUT) * 1e9) * 1e12))
            : micros(values.getOrDefault(Metric.COMPLETION_TIME, 1.0));
    Optional<LatencySummary> latency =
        Optional.ofNullable(values.get(Metric.ONE_WAY_LATENCY))
            .map(ClosedFormModel::micros)
            .map(l -> new LatencySummary(1, l, l, l, l, l, l, l));
    FlowResult flow =
        new FlowResult(
            "flow-0",
            source,
            destination,
            3,
            FLOW,
            FLOW,
            SimTime.ZERO,
            Optional.of(completion),
            0,
            latency);
    PortStats port =
        new PortStats(
            leafPort,
            3,
            0,
            0,
            0,
            0,
            Math.round(values.getOrDefault(Metric.PAUSES, 0.0)),
            0,
            SimTime.ZERO,
            Math.round(values.getOrDefault(Metric.ECN_MARKS, 0.0)),
            0,
            0,
            Map.of(),
            Optional.empty(),
            DataSize.bytes(Math.round(values.getOrDefault(Metric.PEAK_QUEUE, 0.0) * 1024)),
            DataSize.ZERO);
    return new RunResult(
        scenario,
        "closed-form",
        graph,
        StopReason.COMPLETED,
        completion,
        List.of(port),
        List.of(flow),
        Map.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of());
  }

  private static SimTime micros(double value) {
    return SimTime.picos(Math.round(value * 1e6));
  }

  /**
   * The component of the longest completions' direction (both incasts') orthogonal to the group's
   * columns, scaled to a twentieth at its largest.
   */
  private static double[] gainOwn() {
    int rows = DCQCN.length;
    int columns = DCQCN[0].length;
    double[] u = new double[rows];
    u[2] = 1;
    u[6] = 1;
    // Gram-Schmidt: u less its projection on the span of the columns
    double[][] basis = new double[columns][];
    for (int c = 0; c < columns; c++) {
      double[] v = new double[rows];
      for (int r = 0; r < rows; r++) {
        v[r] = DCQCN[r][c];
      }
      for (int b = 0; b < c; b++) {
        double dot = dot(v, basis[b]);
        for (int r = 0; r < rows; r++) {
          v[r] -= dot * basis[b][r];
        }
      }
      double norm = Math.sqrt(dot(v, v));
      for (int r = 0; r < rows; r++) {
        v[r] /= norm;
      }
      basis[c] = v;
    }
    for (double[] b : basis) {
      double dot = dot(u, b);
      for (int r = 0; r < rows; r++) {
        u[r] -= dot * b[r];
      }
    }
    double largest = 0;
    for (double x : u) {
      largest = Math.max(largest, Math.abs(x));
    }
    for (int r = 0; r < rows; r++) {
      u[r] *= 0.05 / largest;
    }
    return u;
  }

  private static double dot(double[] a, double[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }
}
