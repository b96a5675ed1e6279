package dev.rocelab.calibration.internal.fit;

import dev.rocelab.api.fabric.DcqcnParameters;
import dev.rocelab.api.fabric.FabricSpec;
import dev.rocelab.api.fabric.NicProfile;
import dev.rocelab.calibration.CalibratedParameter;
import dev.rocelab.calibration.LabMeasurements;
import dev.rocelab.calibration.Observable;
import dev.rocelab.calibration.internal.FabricSettings;
import dev.rocelab.calibration.internal.LogScale;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The prose a fit writes about the α gain and the DCQCN settings it holds: the note of a fit that
 * had to free the gain, the note naming the held settings that set some errors, and the problem of
 * a DCQCN step beyond the fit, which names the settings it holds.
 */
final class FitNotes {

  private FitNotes() {}

  /** The α gain of a fit that freed it: the fitted value, or the file's where the fit kept it. */
  private static double gain(FabricSpec fabric, Attempt attempt) {
    return attempt
        .fit()
        .values()
        .getOrDefault(CalibratedParameter.ALPHA_GAIN, AlphaGain.fileGain(fabric));
  }

  /** Each measurement, how far the fit's model lies from the lab on it. */
  private static String apart(LabMeasurements lab, Attempt attempt, Set<Observable> observables) {
    return observables.stream()
        .map(
            o -> {
              Double model = attempt.after().get(o);
              return model == null
                  ? o + " (the model did not measure it)"
                  : String.format(
                      Locale.ROOT,
                      "%s %.0f%% apart",
                      o,
                      100 * LogScale.difference(o.metric(), model, lab.value(o).getAsDouble()));
            })
        .collect(Collectors.joining(", "));
  }

  /** What a fit that had to free the α gain means. */
  static String gainFreed(FabricSpec fabric, LabMeasurements lab, Attempt held, Attempt freed) {
    double file = AlphaGain.fileGain(fabric);
    return String.format(
        Locale.ROOT,
        "with the fabric file's α gain, g %.4g (%s/1024), the fitted model missed the DCQCN"
            + " steps (%s; %s); fitted too, at g %s/1024, it reproduces them. The values of the"
            + " DCQCN group (%s) are then the twin's, not measurements of the lab: with the gain"
            + " free, several sets of them reproduce the same steps, so none is called identified,"
            + " and the gain can lie far from the lab's. Check the lab NICs' setting (mlx5: g ="
            + " (1024 − dce_tcp_g)/1024) before reading the gain as theirs",
        file / 1024,
        AlphaGain.in1024ths(file),
        apart(lab, held, held.missedDcqcn()),
        labRuns(lab, held.missedDcqcn()),
        AlphaGain.in1024ths(gain(fabric, freed)),
        freed.estimates().keySet().stream()
            .filter(AlphaGain::tradesWithGain)
            .map(CalibratedParameter::title)
            .collect(Collectors.joining(", ")));
  }

  /** How many lab runs the measurements' values are the mean of. */
  private static String labRuns(LabMeasurements lab, Set<Observable> observables) {
    int runs = observables.stream().mapToInt(o -> lab.measuredRuns(o.step())).min().orElse(1);
    return runs == 1 ? "one lab run each" : "each the mean of " + runs + " lab runs";
  }

  /**
   * Where a held DCQCN setting's trade is the widest term of a fitted value's error: which settings
   * the fit holds, and whose errors they set.
   */
  static Optional<String> heldSettings(FabricSpec fabric, Attempt attempt) {
    String widened =
        attempt.estimates().entrySet().stream()
            .filter(e -> e.getValue().widenedBy().isPresent())
            .map(e -> e.getKey().title() + " (" + e.getValue().widenedBy().get().title() + ")")
            .collect(Collectors.joining(", "));
    if (widened.isEmpty()) {
      return Optional.empty();
    }
    String held =
        Stream.of(HeldSetting.values())
            .flatMap(s -> s.in(fabric).map(v -> s.title() + " " + v).stream())
            .collect(Collectors.joining(", "));
    return Optional.of(
        "the fit holds the fabric file's "
            + held
            + ", which a lab's NICs may run otherwise: the errors count how far a lab running one"
            + " at twice or half of it would move the fitted values, and that sets the errors of "
            + widened
            + " (in brackets the setting that moves each most)");
  }

  /**
   * What else a DCQCN step the fitted model misses depends on: how close the fit came — the one
   * that freed the α gain, or the one that held it where the calibration was told the file's gain
   * is the lab's — and the settings that shape the step which the fit holds at the fabric file's
   * values (the DCQCN gains and stages, the ECN marking probability, the firmware's reaction
   * point). The gain is informed, so the first NIC profile runs DCQCN.
   *
   * @param last the fit that freed the gain, or the one that held it where it is known
   */
  static String heldDcqcnSettings(
      FabricSpec fabric, boolean dcqcnKnown, LabMeasurements lab, Attempt last) {
    NicProfile nic = fabric.nicProfiles().values().iterator().next();
    DcqcnParameters d = nic.dcqcn();
    String pmax =
        FabricSettings.firstEcn(fabric)
            .map(
                e -> String.format(Locale.ROOT, ", ECN marking probability at Kmax %.3g", e.pmax()))
            .orElse("");
    String gain =
        dcqcnKnown
            ? String.format(
                Locale.ROOT,
                "the fit held the α gain at the file's g %.4g (%s/1024), told the lab's NICs run it,"
                    + " and the model misses %s",
                d.g(),
                AlphaGain.in1024ths(d.g() * 1024),
                apart(lab, last, last.missedDcqcn()))
            : String.format(
                Locale.ROOT,
                "the fit freed the α gain as well (the file's g %.4g, %s/1024), and at its best, g"
                    + " %s/1024, the model still misses %s",
                d.g(),
                AlphaGain.in1024ths(d.g() * 1024),
                AlphaGain.in1024ths(gain(fabric, last)),
                apart(lab, last, last.missedDcqcn()));
    return String.format(
        Locale.ROOT,
        "%s; it holds the fabric file's other settings that shape the DCQCN steps: α updated"
            + " every %s, fast recovery F %d, additive increase %s, hyper increase %s, a cut at"
            + " most every %s, minimum rate %s%s, the %s reaction point (firmware %s); a lab that"
            + " runs others is beyond the fit: compare them with the lab's NIC and switch settings",
        gain,
        d.alphaUpdatePeriod(),
        d.fastRecoverySteps(),
        d.additiveIncrease(),
        d.hyperIncrease(),
        d.rateDecreasePeriod(),
        d.minRate(),
        pmax,
        FabricSettings.firmware(fabric, nic).dcqcnVariant().name().toLowerCase(Locale.ROOT),
        nic.firmware());
  }
}
