package dev.rocelab.junit.readme;

// tag::all-to-all-annotation[]
import dev.rocelab.api.scenario.Scenario;
import dev.rocelab.api.scenario.Workload;
import dev.rocelab.api.unit.DataSize;
import dev.rocelab.api.unit.SimTime;
import dev.rocelab.junit.ScenarioDeclaration;
import dev.rocelab.junit.ScenarioFactory;
import dev.rocelab.junit.ScenarioInvocation;
import dev.rocelab.junit.ScenarioSource;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;

/** Every NIC sends {@code perPair} to every other NIC; several sizes are a sweep. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ScenarioSource(AllToAll.Scenarios.class)
public @interface AllToAll {

  String[] perPair() default "256KiB";

  int[] priority() default {};

  /** One scenario per size and priority, checked against the test class's fabric. */
  final class Scenarios implements ScenarioFactory<AllToAll> {
    @Override
    public List<ScenarioInvocation> invocations(
        AllToAll annotation, ScenarioDeclaration declaration) {
      List<ScenarioInvocation> invocations = new ArrayList<>();
      for (DataSize size : declaration.sizes("perPair", annotation.perPair())) {
        for (ScenarioDeclaration.Marking marking :
            declaration.markings(annotation.priority(), new int[0])) {
          Scenario scenario =
              Scenario.of("all-to-all", new Workload.AllToAll(size, marking.dscp(), SimTime.ZERO));
          invocations.add(
              new ScenarioInvocation(
                  declaration.finish(scenario),
                  "all-to-all · " + size + " per pair" + marking.display(),
                  ScenarioInvocation.parameters("perPair", size, "marking", marking.parameters())));
        }
      }
      return invocations;
    }
  }
}
// end::all-to-all-annotation[]
